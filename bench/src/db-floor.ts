/**
 * PostgreSQL's own floor for the barcode lookup: a route that makes one database round trip
 * (`/api/public/health`, a `SELECT 1`), measured in alternating slices with the lookup, so the
 * lookup is compared with the cheapest thing that touches the database and not only with a route
 * that does not (the lookup is ~25% of a bare route on PostgreSQL). Its budget on PostgreSQL is
 * half of this route's throughput.
 */
import { loadAlternating } from './load.ts';
import type { Row } from './table.ts';

const ms = (n: number) => `${n.toFixed(2)} ms`;
const rps = (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`;

export async function dbFloorRows(
  url: string,
  headers: Record<string, string>,
  codes: string[],
  seconds: number,
): Promise<Row[]> {
  const [floor, lookup] = await loadAlternating(
    url,
    { paths: ['/api/public/health'], headers },
    { paths: codes.map((c) => `/api/secure/product/code/${c}`), headers },
    seconds,
  );
  if (floor.non2xx || floor.errors)
    throw new Error(`SELECT 1 route had ${floor.non2xx} non-2xx and ${floor.errors} errors`);
  return [
    {
      what: 'barcode lookup throughput vs one DB round trip (SELECT 1 route)',
      value: `${rps(lookup.requestsPerSecond)} (${Math.round((100 * lookup.requestsPerSecond) / floor.requestsPerSecond)}%)`,
      budget: '≥ 50% of SELECT 1 route',
      baseline: rps(floor.requestsPerSecond),
      ok: lookup.requestsPerSecond >= 0.5 * floor.requestsPerSecond,
    },
    {
      what: 'barcode lookup p99 vs SELECT 1 route p99',
      value: ms(lookup.p99),
      budget: '-',
      baseline: ms(floor.p99),
      ok: null,
    },
  ];
}
