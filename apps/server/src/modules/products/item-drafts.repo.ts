import type { DbOrTx } from '../../db/database.ts';
import type { ItemRow } from '../../db/types.ts';

/** The SQL behind a variant created from a draft that names its item (ensure-products.ts). */

/** Each code's variant with its item, for the codes whose item has options. */
export function variantItemsByCodes(db: DbOrTx, storeId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products as p')
    .innerJoin('items as i', (join) => join.onRef('i.store_id', '=', 'p.store_id').onRef('i.id', '=', 'p.item_id'))
    .select(['p.code', 'p.option_values', 'i.name', 'i.handle', 'i.options'])
    .where('p.store_id', '=', storeId)
    .where('p.code', 'in', codes)
    .where('i.options', '<>', '[]')
    .execute();
}

export function itemByHandle(db: DbOrTx, storeId: string, handle: string): Promise<ItemRow | undefined> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('handle', '=', handle)
    .executeTakeFirst();
}

/** The store's items with options named `nameKey` (products' name key), oldest first. */
export function itemsWithOptionsNamed(db: DbOrTx, storeId: string, nameKey: string): Promise<ItemRow[]> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('name_key', '=', nameKey)
    .where('options', '<>', '[]')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The option values of the item's variants and the last variant position (-1 for none). */
export async function variantsTaken(
  db: DbOrTx,
  storeId: string,
  itemId: string,
): Promise<{ values: string[]; lastPosition: number }> {
  const rows = await db
    .selectFrom('products')
    .select(['option_values', 'variant_position'])
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .execute();
  return {
    values: rows.map((r) => r.option_values),
    lastPosition: rows.reduce((n, r) => Math.max(n, Number(r.variant_position)), -1),
  };
}

export async function insertItemRow(db: DbOrTx, row: ItemRow): Promise<void> {
  await db.insertInto('items').values(row).execute();
}

export async function setItemOptions(
  db: DbOrTx,
  storeId: string,
  itemId: string,
  options: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('items')
    .set({ options, updated_at: at })
    .where('store_id', '=', storeId)
    .where('id', '=', itemId)
    .execute();
}
