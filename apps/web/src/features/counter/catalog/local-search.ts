import { toCounterProduct, type CatalogDb, type CounterProduct } from './catalog-db.ts';
import { queryTerms } from './search-keys.ts';

/**
 * Product ids read at most per term: bounds a search on a short, common prefix ("c" in 100k
 * products) to a few milliseconds. A query of several terms where one is that common may then
 * miss matches beyond the first ids; a cashier types one more letter.
 */
const MAX_IDS_PER_TERM = 20_000;

const prefix = (term: string) => IDBKeyRange.bound(term, `${term}\uffff`);

/**
 * Products of the local copy matching every term of `text` (at most `limit`), from the
 * search-key index (search-keys.ts) alone, so the time depends on the matches and not on the
 * catalogue's size: one term reads at most `limit` records from the index; several terms read the
 * ids under each term's prefix (ids only, cheap), intersect them, and load only `limit` records.
 */
export async function searchLocal(db: CatalogDb, text: string, limit: number): Promise<CounterProduct[]> {
  const terms = queryTerms(text);
  if (!terms.length || limit < 1) return [];
  const index = db.transaction('products').store.index('keys');
  let ids: string[];
  if (terms.length === 1) {
    // A product may have two keys with the term's prefix ("tea", "teapot"): read a few extra.
    const records = await index.getAll(prefix(terms[0]!), limit * 3);
    ids = [...new Set(records.map((r) => r.id))];
    const byId = new Map(records.map((r) => [r.id, r]));
    return ids.slice(0, limit).map((id) => toCounterProduct(byId.get(id)!));
  }
  const sets = await Promise.all(terms.map(async (t) => new Set(await index.getAllKeys(prefix(t), MAX_IDS_PER_TERM))));
  sets.sort((a, b) => a.size - b.size);
  const [smallest, ...others] = sets;
  ids = [...smallest!].filter((id) => others.every((s) => s.has(id))).slice(0, limit);
  const store = index.objectStore;
  const records = await Promise.all(ids.map((id) => store.get(id)));
  return records.flatMap((r) => (r && terms.every((t) => r.text.includes(t)) ? [toCounterProduct(r)] : []));
}
