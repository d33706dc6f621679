/**
 * One store's heavy work must not slow another store (product.md §9): store B's barcode lookups at
 * a steady rate, first alone, then while store A imports a catalogue through the API the way the
 * web client does (sequential batches of 1,000 rows). Store A's client runs in a worker thread, so
 * the figure is the server's, not the load generator's own pauses.
 */
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { benchCode } from './catalogue.ts';
import { importCatalogue } from './import-client.ts';
import { percentile } from './load.ts';
import { signUpOwner, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

/** Store B's catalogue: enough codes that lookups spread over its index. */
const B_PRODUCTS = 2000;
/** A busy store's counters, not a flood: the figure is B's latency, not the server's throughput. */
const RATE = 200;
const CONNECTIONS = 4;
const ALONE_SECONDS = 5;

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** `importCatalogue` in a worker thread; settles when the import is done or failed. */
function importInWorker(url: string, headers: Record<string, string>, count: number): Promise<void> {
  // The bench runs under tsx, whose loader a worker does not inherit: it registers it first.
  const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => {
    tsx.register();
    return import(${JSON.stringify(new URL('./import-worker.ts', import.meta.url).href)});
  })`;
  const worker = new Worker(entry, { eval: true, workerData: { url, headers, count } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`store A's import stopped (${code})`))));
  });
}

/** B's lookups at RATE per second until `until` settles (or for `seconds`); every response time. */
async function lookupsWhile(
  url: string,
  headers: Record<string, string>,
  until: Promise<unknown> | number,
): Promise<{ p50: number; p99: number; count: number }> {
  const paths = Array.from(
    { length: 1000 },
    (_, i) => `/api/secure/product/code/${benchCode((i * 7919) % B_PRODUCTS)}`,
  );
  const samples: number[] = [];
  let next = 0;
  let failed = 0;
  let instance!: autocannon.Instance;
  const finished = new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        overallRate: RATE,
        duration: typeof until === 'number' ? until : 3600,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, status, _bytes, time) => {
    if (status !== 200) failed++;
    samples.push(time);
  });
  if (typeof until !== 'number') {
    await until.finally(() => instance.stop());
  }
  await finished;
  if (failed) throw new Error(`store B: ${failed} lookups failed`);
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), count: samples.length };
}

/** Store B's lookup p50/p99 alone and during store A's import of `products` rows. */
export async function fairnessRows(server: BenchServer, products: number): Promise<Row[]> {
  const a = await signUpOwner(server, 'store-a');
  const b = await signUpOwner(server, 'store-b');
  const headersOf = (o: { token: string; urlName: string }) => ({
    authorization: `Bearer ${o.token}`,
    'x-store': o.urlName,
  });
  await importCatalogue(server.url, headersOf(b), B_PRODUCTS);
  const alone = await lookupsWhile(server.url, headersOf(b), ALONE_SECONDS);
  const start = performance.now();
  const importing = importInWorker(server.url, headersOf(a), products);
  const during = await lookupsWhile(server.url, headersOf(b), importing);
  await importing;
  const importSeconds = (performance.now() - start) / 1000;
  const n = products.toLocaleString('en-US');
  return [
    {
      what: `store B lookup p99 while store A imports ${n} rows`,
      value: ms(during.p99),
      budget: '< 20 ms',
      baseline: `${ms(alone.p99)} (B alone)`,
      ok: during.p99 < 20,
    },
    {
      what: `store B lookup p50 during that import (${during.count.toLocaleString('en-US')} lookups at ${RATE}/s)`,
      value: ms(during.p50),
      budget: '-',
      baseline: `${ms(alone.p50)} (B alone)`,
      ok: null,
    },
    {
      what: `store A's import of ${n} rows meanwhile`,
      value: `${importSeconds.toFixed(1)} s`,
      budget: '-',
      baseline: '-',
      ok: null,
    },
  ];
}
