import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { ItemRow, NewItem, ProductRow } from '../../db/types.ts';
import { isPostgres, unnestRows, type ArrayType } from '../../db/unnest-rows.ts';

/*
 * The items a CSV import writes (rows with a handle: one item, its variants one row each). Kept
 * apart from the item API's repo: the import writes many items a chunk, in as few statements as
 * the products of the chunk.
 */

/** Items per statement: `in` lists well under every engine's bound-parameter limit. */
const IN_CHUNK = 500;

async function inChunks<T, R>(values: T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += IN_CHUNK) out.push(...(await read(values.slice(i, i + IN_CHUNK))));
  return out;
}

/**
 * The items of these handles; an item with options but no handle yet answers to its id, the
 * handle the export writes for it (product-export.service.ts).
 */
export async function findItemsByHandles(db: DbOrTx, storeId: string, handles: string[]): Promise<ItemRow[]> {
  const found = await inChunks(handles, (part) =>
    db.selectFrom('items').selectAll().where('store_id', '=', storeId).where('handle', 'in', part).execute(),
  );
  // Two lookups, each on its own index (an `or` of both may scan the store's items on SQLite).
  const known = new Set(found.map((i) => i.handle));
  const rest = handles.filter((h) => !known.has(h));
  const byId = await inChunks(rest, (part) =>
    db
      .selectFrom('items')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', 'in', part)
      .where('handle', 'is', null)
      .where('options', '<>', '[]')
      .execute(),
  );
  return [...found, ...byId];
}

/** Export pages: items by id (the store's primary key), so a 100k catalogue streams in small steps. */
export function itemsAfterId(db: DbOrTx, storeId: string, afterId: string | null, limit: number): Promise<ItemRow[]> {
  let query = db.selectFrom('items').selectAll().where('store_id', '=', storeId);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

export function findItemsByIds(db: DbOrTx, storeId: string, ids: string[]): Promise<ItemRow[]> {
  return inChunks(ids, (part) =>
    db.selectFrom('items').selectAll().where('store_id', '=', storeId).where('id', 'in', part).execute(),
  );
}

/** Every variant of the items, retired ones too (their option values are taken). */
export function findVariantsOfItems(db: DbOrTx, storeId: string, itemIds: string[]): Promise<ProductRow[]> {
  return inChunks(itemIds, (part) =>
    db.selectFrom('products').selectAll().where('store_id', '=', storeId).where('item_id', 'in', part).execute(),
  );
}

const ITEM_TYPES = {
  store_id: 'text',
  id: 'text',
  handle: 'text',
  name: 'text',
  name_key: 'text',
  brand: 'text',
  description: 'text',
  category: 'text',
  image_id: 'text',
  options: 'text',
  created_at: 'text',
  updated_at: 'text',
} as const satisfies Record<keyof ItemRow, ArrayType>;
const ITEM_ARRAYS = Object.entries(ITEM_TYPES) as Array<[keyof ItemRow, ArrayType]>;

/** Inserts the items: one statement on PostgreSQL, rows of 12 columns under SQLite's parameter limit. */
export async function insertItems(db: DbOrTx, rows: NewItem[]): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgres(db)) {
    await db
      .insertInto('items')
      .columns(ITEM_ARRAYS.map(([column]) => column))
      .expression(unnestRows(rows as ItemRow[], ITEM_ARRAYS))
      .execute();
    return;
  }
  for (let i = 0; i < rows.length; i += 70) {
    await db
      .insertInto('items')
      .values(rows.slice(i, i + 70))
      .execute();
  }
}

export type ItemEdit = Pick<
  ItemRow,
  'id' | 'handle' | 'name' | 'name_key' | 'brand' | 'description' | 'category' | 'options' | 'updated_at'
>;

/** An import's changes to items it found by handle (few: most chunks create their items). */
export async function updateItems(db: DbOrTx, storeId: string, edits: ItemEdit[]): Promise<void> {
  for (const { id, ...edit } of edits) {
    await db.updateTable('items').set(edit).where('store_id', '=', storeId).where('id', '=', id).execute();
  }
}

export type VariantPlace = Pick<ProductRow, 'id' | 'item_id' | 'option_values' | 'variant_position'>;

/** Puts products in their item at their option values (a row moved a product into an item, or changed its values). */
export async function placeVariants(db: DbOrTx, storeId: string, places: VariantPlace[]): Promise<void> {
  for (const { id, ...place } of places) {
    await db.updateTable('products').set(place).where('store_id', '=', storeId).where('id', '=', id).execute();
  }
}

/**
 * Deletes those items left without variants: the items of their own whose product an import moved
 * into an item with options (the delete trigger only sees a product deleted, not moved).
 */
export async function deleteEmptyItems(db: DbOrTx, storeId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('items')
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('products')
            .select(sql.lit(1).as('one'))
            .where('products.store_id', '=', storeId)
            .whereRef('products.item_id', '=', 'items.id'),
        ),
      ),
    )
    .execute();
}
