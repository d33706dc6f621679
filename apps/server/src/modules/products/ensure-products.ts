import type { ProductUnit } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ProductRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { arrivingStock, variantRows, type ItemDraft, type VariantDraft } from './item-drafts.ts';
import { findProductsByCodes, insertProducts, standaloneProduct } from './products.repo.ts';
import { productFields } from './products.service.ts';

/** What another module knows of a product it needs: enough to create it when missing. */
export interface ProductDraft {
  code: string;
  name: string;
  brand: string;
  price: number;
  /** The unit to create it in (EACH when absent): its stock moves in thousandths of KG, L, M. */
  unit?: ProductUnit | undefined;
  /**
   * Its item when it is a variant of an item with options elsewhere (a line of a cargo handed over
   * from another store): then it is created as a variant of this store's like item (item-drafts.ts).
   * Absent: it is an item of its own, as every product was before variants.
   */
  item?: ItemDraft | undefined;
}

/**
 * The id of the store's product for each code, creating the missing ones from their drafts inside
 * the caller's transaction (cargo arrival). Created products start at quantity 0: the caller moves
 * their stock through the ledger, whose movements the counter's product changes feed reads (and
 * they are new, so it lists them as created too). The free product limit is checked for all of them
 * at once (402, nothing written, when they do not fit): a variant counts as a product. A draft with
 * an item becomes a variant of this store's like item, found or created (item-drafts.ts).
 */
export async function ensureProducts(
  trx: DbOrTx,
  ctx: AppContext,
  scope: Scope,
  drafts: ProductDraft[],
  at: string,
): Promise<Map<string, string>> {
  const { store } = scope;
  const ids = new Map<string, string>();
  const codes = [...new Set(drafts.map((d) => d.code))];
  // Bounded chunks: an `in` list stays under every engine's parameter limit.
  for (let i = 0; i < codes.length; i += 500) {
    for (const row of await findProductsByCodes(trx, store.id, codes.slice(i, i + 500))) ids.set(row.code, row.id);
  }
  const missing = new Map<string, ProductDraft>();
  for (const d of drafts) if (!ids.has(d.code) && !missing.has(d.code)) missing.set(d.code, d);
  if (missing.size === 0) return ids;
  await assertCanCreate(trx, ctx, store.owner_id, 'products', missing.size);
  const rows = [...missing.values()].flatMap((d) => (d.item ? [] : [standaloneRow(d, store.id, at)]));
  const variants = [...missing.values()].filter((d): d is VariantDraft => d.item !== undefined);
  if (variants.length > 0)
    rows.push(...(await variantRows(trx, store.id, variants, at, (d) => standaloneRow(d, store.id, at))));
  await insertProducts(trx, rows);
  for (const row of rows) ids.set(row.code, row.id);
  return ids;
}

/** A new product that is an item of its own (the insert trigger makes its item), at quantity 0. */
function standaloneRow(d: ProductDraft, storeId: string, at: string): ProductRow {
  return standaloneProduct({
    id: newId(),
    store_id: storeId,
    ...productFields({
      code: d.code,
      name: d.name,
      brand: d.brand,
      description: '',
      category: '',
      price: d.price,
      cost: 0,
    }),
    ...arrivingStock(d.unit, at),
  });
}
