import { sql, type Updateable } from 'kysely';
import type { ItemSearchQuery } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ItemRow, ItemsTable } from '../../db/types.ts';
import { isPostgres } from '../../db/unnest-rows.ts';
import { PRODUCT_COLUMNS, type ProductView } from './products.repo.ts';

/** Items: an item's row and its variants (product rows by `item_id`), and the folded list. */

/**
 * The item's row; `lock` in a write on PostgreSQL locks it, so two edits of one item's variants
 * (their combinations, their count) run one after the other. SQLite has one writer already.
 */
export function findItem(db: DbOrTx, storeId: string, id: string, lock = false): Promise<ItemRow | undefined> {
  let query = db.selectFrom('items').selectAll().where('store_id', '=', storeId).where('id', '=', id);
  if (lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The item's variants in their order (retired ones too), by products_store_item_idx. */
export function variantsOf(db: DbOrTx, storeId: string, itemId: string): Promise<ProductView[]> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .orderBy('variant_position')
    .orderBy('id')
    .execute();
}

export async function insertItem(db: DbOrTx, row: ItemRow): Promise<void> {
  await db.insertInto('items').values(row).execute();
}

export async function updateItem(
  db: DbOrTx,
  storeId: string,
  id: string,
  patch: Omit<Updateable<ItemsTable>, 'store_id' | 'id'>,
): Promise<void> {
  await db.updateTable('items').set(patch).where('store_id', '=', storeId).where('id', '=', id).execute();
}

/** The handles of the store equal to `base` or `base-…`, to pick a free one. */
export async function handlesLike(db: DbOrTx, storeId: string, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('items')
    .select('handle')
    .where('store_id', '=', storeId)
    .where((eb) => eb.or([eb('handle', '=', base), eb('handle', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.handle!));
}

export async function handleOwner(db: DbOrTx, storeId: string, handle: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('store_id', '=', storeId)
    .where('handle', '=', handle)
    .executeTakeFirst();
  return row?.id;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A search's terms: lowercased words, at most 5. */
const searchTerms = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);

/**
 * The store's items matching the filter. `q`: every term (at most 5) occurs in the search text of
 * one of the item's variants (code, name, brand; a variant's name carries the item's name and its
 * values), found by the products' search column and taken as distinct item ids.
 */
function filteredItems(db: DbOrTx, storeId: string, filter: ItemSearchQuery) {
  let query = db.selectFrom('items').where('items.store_id', '=', storeId);
  if (filter.category) query = query.where('items.category', '=', filter.category);
  const terms = searchTerms(filter.q ?? '');
  if (terms.length > 0) {
    let matching = db.selectFrom('products').select('products.item_id').where('products.store_id', '=', storeId);
    for (const term of terms)
      matching = matching.where(sql<boolean>`products.search like ${`%${escapeLike(term)}%`} escape '\\'`);
    query = query.where('items.id', 'in', matching);
  }
  return query;
}

const SORTS = {
  name: [
    ['name_key', 'asc'],
    ['id', 'asc'],
  ],
  '-name': [
    ['name_key', 'desc'],
    ['id', 'desc'],
  ],
  '-updatedAt': [
    ['updated_at', 'desc'],
    ['id', 'desc'],
  ],
} as const satisfies Record<
  NonNullable<ItemSearchQuery['sort']>,
  ReadonlyArray<readonly ['name_key' | 'id' | 'updated_at', 'asc' | 'desc']>
>;

/** One window of items, walked in items_store_name_idx (name sorts) or items_store_updated_idx. */
export function searchItems(
  db: DbOrTx,
  storeId: string,
  filter: ItemSearchQuery,
  offset: number,
  limit: number,
): Promise<ItemRow[]> {
  let query = filteredItems(db, storeId, filter).selectAll('items');
  for (const [column, direction] of SORTS[filter.sort ?? 'name']) query = query.orderBy(`items.${column}`, direction);
  return query.limit(limit).offset(offset).execute();
}

export async function countItems(db: DbOrTx, storeId: string, filter: ItemSearchQuery): Promise<number> {
  const row = await filteredItems(db, storeId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The direction of the products' names each name sort walks when searching. A variant's name starts
 * with its item's, so its item comes in its name's place. The last-changed sort is the items' own
 * (an item's edit, not a variant's stock or price), so it is not walked.
 */
const SEARCH_WALKS = { name: 'asc', '-name': 'desc' } as const;
export type WalkedSort = keyof typeof SEARCH_WALKS;
export const isWalkedSort = (sort: ItemSearchQuery['sort']): sort is WalkedSort | undefined => sort !== '-updatedAt';

/** Products read per step of a search's walk. */
const WALK_STEP = 300;

/**
 * A search's window of items without reading every match: the store's matching products are walked
 * in the sort's order through their covering search index (store_id, column, id, search), a few
 * hundred at a time, and their items taken in the order they first appear, until the window is
 * full or the matches end. A rare term costs one pass over the index, a common one a step or two
 * (the first window of "tea" reads ~300 of 100,000 products instead of all of them twice). `all`:
 * every matching item was seen, so `seen` is the total.
 */
export async function walkItemSearch(
  db: DbOrTx,
  storeId: string,
  q: string,
  sort: WalkedSort,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; all: boolean; seen: number }> {
  const terms = searchTerms(q);
  const column = 'name_key';
  const direction = SEARCH_WALKS[sort];
  const after = direction === 'asc' ? '>' : '<';
  const order: string[] = [];
  const seen = new Set<string>();
  let last: { key: string; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('products')
      .select([`${column} as key`, 'id', 'item_id'])
      .where('store_id', '=', storeId)
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(WALK_STEP);
    for (const term of terms) query = query.where(sql<boolean>`search like ${`%${escapeLike(term)}%`} escape '\\'`);
    if (last) {
      const { key, id } = last;
      query = query.where((eb) => eb.or([eb(column, after, key), eb.and([eb(column, '=', key), eb('id', after, id)])]));
    }
    const rows = await query.execute();
    for (const row of rows) {
      if (seen.has(row.item_id)) continue;
      seen.add(row.item_id);
      order.push(row.item_id);
    }
    if (rows.length < WALK_STEP) return { ids: order.slice(offset, offset + limit), all: true, seen: order.length };
    if (order.length > offset + limit)
      return { ids: order.slice(offset, offset + limit), all: false, seen: order.length };
    const end = rows.at(-1)!;
    last = { key: String(end.key), id: end.id };
  }
}

/** The items of `ids`, in that order. */
export async function itemsByIds(db: DbOrTx, storeId: string, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many items have a product matching every term: one pass over the matches, no join. */
export async function countSearchedItems(db: DbOrTx, storeId: string, q: string): Promise<number> {
  const terms = searchTerms(q);
  let query = db
    .selectFrom('products')
    .select(sql<number>`count(distinct item_id)`.as('n'))
    .where('store_id', '=', storeId);
  for (const term of terms) query = query.where(sql<boolean>`search like ${`%${escapeLike(term)}%`} escape '\\'`);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface VariantTotals {
  item_id: string;
  /** Variants not retired. */
  active: number;
  variants: number;
  quantity: number;
  price_min: number | null;
  price_max: number | null;
  /** Prices of every variant, for an item whose variants are all retired. */
  any_price_min: number;
  any_price_max: number;
  low_stock: number;
  /** The code of its variants when there is only one (min over one row), else some code. */
  active_code: string | null;
  any_code: string;
  /** The least and greatest unit of the variants not retired (null when none), then of all. */
  unit_min: string | null;
  unit_max: string | null;
  any_unit_min: string;
  any_unit_max: string;
}

/** The window's items' variants summed, by products_store_item_idx (only those items' rows are read). */
export async function variantTotals(db: DbOrTx, storeId: string, itemIds: string[]): Promise<VariantTotals[]> {
  if (itemIds.length === 0) return [];
  const active = sql`retired_at is null`;
  const rows = await db
    .selectFrom('products')
    .select([
      'item_id',
      sql<number>`count(case when ${active} then 1 end)`.as('active'),
      sql<number>`count(*)`.as('variants'),
      sql<number>`coalesce(sum(case when ${active} then quantity else 0 end), 0)`.as('quantity'),
      sql<number | null>`min(case when ${active} then price end)`.as('price_min'),
      sql<number | null>`max(case when ${active} then price end)`.as('price_max'),
      sql<number>`min(price)`.as('any_price_min'),
      sql<number>`max(price)`.as('any_price_max'),
      sql<number>`count(case when ${active} and quantity <= reorder_level then 1 end)`.as('low_stock'),
      sql<string | null>`min(case when ${active} then code end)`.as('active_code'),
      sql<string>`min(code)`.as('any_code'),
      sql<string | null>`min(case when ${active} then unit end)`.as('unit_min'),
      sql<string | null>`max(case when ${active} then unit end)`.as('unit_max'),
      sql<string>`min(unit)`.as('any_unit_min'),
      sql<string>`max(unit)`.as('any_unit_max'),
    ])
    .where('store_id', '=', storeId)
    .where('item_id', 'in', itemIds)
    .groupBy('item_id')
    .execute();
  return rows.map((r) => ({
    ...r,
    active: Number(r.active),
    variants: Number(r.variants),
    quantity: Number(r.quantity),
    price_min: r.price_min === null ? null : Number(r.price_min),
    price_max: r.price_max === null ? null : Number(r.price_max),
    any_price_min: Number(r.any_price_min),
    any_price_max: Number(r.any_price_max),
    low_stock: Number(r.low_stock),
  }));
}

export async function deleteItem(db: DbOrTx, storeId: string, id: string): Promise<void> {
  await db.deleteFrom('items').where('store_id', '=', storeId).where('id', '=', id).execute();
}
