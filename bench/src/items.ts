import { sequential } from './load.ts';
import { SEARCH_TERMS } from './catalogue.ts';
import type { Row } from './table.ts';

const ms = (n: number) => `${n.toFixed(2)} ms`;

/**
 * The product list folded by item (product.md §9: "item list first window p95 < 50 ms" with 20k
 * items × 5 variants): one person opening the list, typing and changing the sort, sequential, beside
 * the bare route under the same sequence. Its first windows only: that is what a screen asks first.
 */
export async function itemListRows(url: string, headers: Record<string, string>, label: string): Promise<Row[]> {
  const sorts = ['name', '-name', '-updatedAt'];
  const urls: string[] = [];
  for (let i = 0; i < 300; i++) {
    const sort = sorts[i % sorts.length]!;
    const q = i % 3 === 0 ? '' : `&q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length]!)}`;
    urls.push(`${url}/api/secure/item/search/window/0/50?sort=${sort}${q}`);
  }
  const list = await sequential(urls, headers);
  const bare = await sequential(
    urls.map(() => `${url}/api/public/ping`),
    {},
  );
  if (list.failures) throw new Error(`item list had ${list.failures} failed requests`);
  return [
    {
      what: `item list first window p95 (${label})`,
      value: ms(list.p95),
      budget: '< 50 ms',
      baseline: ms(bare.p95),
      ok: list.p95 < 50,
    },
    { what: 'item list first window p50', value: ms(list.p50), budget: '-', baseline: ms(bare.p50), ok: null },
  ];
}
