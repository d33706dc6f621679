import { sequential } from './load.ts';
import { SEARCH_TERMS } from './catalogue.ts';
import type { Row } from './table.ts';

const ms = (n: number) => `${n.toFixed(2)} ms`;

/**
 * The product list folded by item (product.md §9: "item list first window p95 < 50 ms" with 20k
 * items × 5 variants): one person opening the list in each sort, then searching it (the product
 * search's terms, from rare to matching every product), sequential, beside the bare route under
 * the same sequence. First windows only: that is what a screen asks first.
 */
export async function itemListRows(url: string, headers: Record<string, string>, label: string): Promise<Row[]> {
  const sorts = ['name', '-name', '-updatedAt'];
  const opened: string[] = [];
  const searched: string[] = [];
  for (let i = 0; i < 150; i++) {
    const sort = sorts[i % sorts.length]!;
    opened.push(`${url}/api/secure/item/search/window/0/50?sort=${sort}`);
    const q = SEARCH_TERMS.filter(Boolean)[i % (SEARCH_TERMS.length - 1)]!;
    searched.push(`${url}/api/secure/item/search/window/0/50?sort=${sort}&q=${encodeURIComponent(q)}`);
  }
  const bare = await sequential(
    opened.map(() => `${url}/api/public/ping`),
    {},
  );
  const rows: Row[] = [];
  for (const [what, urls] of [
    ['item list first window', opened],
    ['item list search, first window', searched],
  ] as const) {
    const result = await sequential([...urls], headers);
    if (result.failures) throw new Error(`${what} had ${result.failures} failed requests`);
    rows.push(
      {
        what: `${what} p95 (${label})`,
        value: ms(result.p95),
        budget: '< 50 ms',
        baseline: ms(bare.p95),
        ok: result.p95 < 50,
      },
      { what: `${what} p50`, value: ms(result.p50), budget: '-', baseline: ms(bare.p50), ok: null },
    );
  }
  return rows;
}
