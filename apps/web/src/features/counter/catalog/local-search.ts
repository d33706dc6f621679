import { toCounterProduct, type CatalogDb, type CounterProduct } from './catalog-db.ts';
import { queryTerms } from './search-keys.ts';

/**
 * Index entries read at most per search: bounds the time of a search on a short, common prefix
 * ("a" in 100k products) while any useful query fills its limit long before.
 */
const MAX_EXAMINED = 2_000;

/**
 * Products of the local copy matching `text`, at most `limit`: a cursor over the search-key index
 * from the longest term's prefix (search-keys.ts), keeping products that contain every term, and
 * stopping at `limit` matches. It reads only keys starting with that term, so its time depends on
 * the matches, not on the catalogue's size. Results come in the order of the matched key.
 */
export async function searchLocal(db: CatalogDb, text: string, limit: number): Promise<CounterProduct[]> {
  const { terms, scan } = queryTerms(text);
  if (!scan || limit < 1) return [];
  const range = IDBKeyRange.bound(scan, `${scan}\uffff`);
  const found: CounterProduct[] = [];
  const seen = new Set<string>();
  let examined = 0;
  let cursor = await db.transaction('products').store.index('keys').openCursor(range);
  while (cursor && found.length < limit && examined < MAX_EXAMINED) {
    examined++;
    const p = cursor.value;
    if (!seen.has(p.id)) {
      seen.add(p.id);
      if (terms.every((t) => p.text.includes(t))) found.push(toCounterProduct(p));
    }
    cursor = await cursor.continue();
  }
  return found;
}
