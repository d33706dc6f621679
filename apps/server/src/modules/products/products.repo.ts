import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ProductSearchQuery } from '@shopdesk/shared';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Database, NewProduct, ProductRow, ProductsTable } from '../../db/types.ts';
import type { Updateable } from 'kysely';
import { foldText } from '../../core/text-keys.ts';
import { isPostgres } from '../../db/unnest-rows.ts';
import { insertProductsAtOnce, updateProductsAtOnce, type ProductEdit } from './products-bulk.repo.ts';

/**
 * Code, name and brand, one per line so a search term never spans two fields: lowercased, plus
 * an accent-free copy when it differs, so "eclair" and "éclair" both find "Éclair".
 */
export function searchText(code: string, name: string, brand: string): string {
  const lower = `${code}\n${name}\n${brand}`.toLowerCase();
  const folded = foldText(lower);
  return folded === lower ? lower : `${lower}\n${folded}`;
}

/** What a product answer shows (`toProduct`): everything but the store and the derived search keys. */
export const PRODUCT_COLUMNS = [
  'id',
  'code',
  'name',
  'brand',
  'description',
  'category',
  'price',
  'cost',
  'quantity',
  'image_id',
  'reorder_level',
  'tax_rate',
  'unit',
  'created_at',
  'updated_at',
  'quantity_changed_at',
  'item_id',
  'option_values',
  'variant_position',
  'retired_at',
] as const;
export type ProductView = Pick<ProductRow, (typeof PRODUCT_COLUMNS)[number]>;

export function productByCodeQuery(db: DbOrTx, storeId: string, code: string) {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('store_id', '=', storeId).where('code', '=', code);
}

export function findProductByCode(db: DbOrTx, storeId: string, code: string): Promise<ProductView | undefined> {
  return productByCodeQuery(db, storeId, code).executeTakeFirst();
}

export async function codeExists(db: DbOrTx, storeId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

export function findProductsByCodes(db: DbOrTx, storeId: string, codes: string[]): Promise<ProductRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('store_id', '=', storeId).where('code', 'in', codes).execute();
}

/** A product's columns but those that place it in an item. */
export type ProductOwnRow = Omit<ProductRow, 'item_id' | 'option_values' | 'variant_position' | 'retired_at'>;

/**
 * A product that is an item of its own (no options): its item has its id, and the insert trigger
 * (migration 202612060100) writes that item. Every create path but the items service's uses it.
 */
export function standaloneProduct(row: ProductOwnRow): ProductRow {
  return { ...row, item_id: row.id, option_values: '[]', variant_position: 0, retired_at: null };
}

// 15 columns a row: 60 rows stay well under every engine's bound-parameter limit.
const INSERT_CHUNK = 60;

/**
 * Inserts the rows: on PostgreSQL all of them in one statement (an import chunk, a cargo's new
 * products: one round trip instead of one per 60 rows); on SQLite, which has no round trips, in
 * multi-row inserts under its parameter limit.
 */
export async function insertProducts(db: DbOrTx, rows: NewProduct[]): Promise<void> {
  if (rows.length > 1 && isPostgres(db)) {
    await insertProductsAtOnce(db, rows);
    return;
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('products')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Updates descriptive fields; `quantity` is not in the patch type's callers' hands (the ledger owns it). */
export async function updateProduct(
  db: DbOrTx,
  storeId: string,
  id: string,
  patch: Omit<Updateable<ProductsTable>, 'quantity'>,
): Promise<void> {
  await db.updateTable('products').set(patch).where('store_id', '=', storeId).where('id', '=', id).execute();
}

/**
 * Applies many products' edits (an import chunk's known codes, in code order): on PostgreSQL in two
 * statements (products-bulk.repo.ts); on SQLite, which has no round trips, one update each.
 */
export async function updateProducts(db: DbOrTx, storeId: string, edits: ProductEdit[]): Promise<void> {
  if (isPostgres(db)) {
    await updateProductsAtOnce(db, storeId, edits);
    return;
  }
  for (const { id, ...edit } of edits) await updateProduct(db, storeId, id, edit);
}

export async function deleteProduct(db: DbOrTx, storeId: string, id: string): Promise<void> {
  await db.deleteFrom('products').where('store_id', '=', storeId).where('id', '=', id).execute();
}

/** The same code in other stores (the caller passes only stores the user may access), newest first. */
export function findSameCodeInStores(db: DbOrTx, storeIds: string[], code: string) {
  if (storeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .innerJoin('stores', 'stores.id', 'products.store_id')
    .select([
      'products.name',
      'products.brand',
      'products.category',
      'products.price',
      'stores.url_name',
      'stores.main_currency',
    ])
    .where('products.store_id', 'in', storeIds)
    .where('products.code', '=', code)
    .orderBy('products.updated_at', 'desc')
    .execute();
}

/** Products in every store `ownerId` owns: the free tier counts per user across stores. */
export async function listCategories(db: DbOrTx, storeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('category')
    .distinct()
    .where('store_id', '=', storeId)
    .where('category', '<>', '')
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}

type ProductQuery = SelectQueryBuilder<Database, 'products', object>;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every whitespace-separated term of `q` must occur in code, name or brand (at most 5 terms). */
function filtered(
  db: DbOrTx,
  storeId: string,
  filter: Pick<ProductSearchQuery, 'q' | 'category' | 'lowStock'>,
): ProductQuery {
  let query: ProductQuery = db.selectFrom('products').where('store_id', '=', storeId);
  if (filter.category) query = query.where('category', '=', filter.category);
  // `is not null` as written lets both engines use the partial index of products with a level.
  if (filter.lowStock)
    query = query.where('reorder_level', 'is not', null).where(sql<boolean>`quantity <= reorder_level`);
  const terms = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  for (const term of terms) {
    query = query.where(sql<boolean>`search like ${`%${escapeLike(term)}%`} escape '\\'`);
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
  code: [['code', 'asc']],
  price: [
    ['price', 'asc'],
    ['id', 'asc'],
  ],
  '-price': [
    ['price', 'desc'],
    ['id', 'desc'],
  ],
  quantity: [
    ['quantity', 'asc'],
    ['id', 'asc'],
  ],
  '-quantity': [
    ['quantity', 'desc'],
    ['id', 'desc'],
  ],
  '-updatedAt': [
    ['updated_at', 'desc'],
    ['id', 'desc'],
  ],
} as const satisfies Record<
  NonNullable<ProductSearchQuery['sort']>,
  ReadonlyArray<readonly [keyof ProductsTable, 'asc' | 'desc']>
>;

/**
 * One window of the catalogue. Every sort ends in a unique column (id, or the store-unique code)
 * so pages never repeat or skip a product, and each has an index starting with store_id.
 *
 * The window is chosen from the sort index alone (it carries the search text), then only its rows
 * are read: PostgreSQL tests a plain index scan's filter on the table row, so `select *` walking
 * the sort index for a rare term read every row of the store (~200 ms at 100k products), while
 * the index-only walk reads none. SQLite already walked its covering index.
 */
export function searchProducts(
  db: DbOrTx,
  storeId: string,
  filter: ProductSearchQuery,
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  const sort = SORTS[filter.sort ?? 'name'];
  // The sort's unique column: `code` sorts by the code alone, the others end in id.
  const key = sort.at(-1)![0];
  let window = filtered(db, storeId, filter).select([...new Set([key, ...sort.map(([column]) => column)])]);
  for (const [column, direction] of sort) window = window.orderBy(column, direction);
  let query = db
    .selectFrom(window.limit(limit).offset(offset).as('w'))
    .innerJoin('products', (join) => join.onRef(`products.${key}`, '=', sql.ref(`w.${key}`)))
    .selectAll('products')
    .where('products.store_id', '=', storeId);
  for (const [column, direction] of sort) query = query.orderBy(sql.ref(`w.${column}`), direction);
  return query.execute();
}

export async function countProducts(db: DbOrTx, storeId: string, filter: ProductSearchQuery): Promise<number> {
  const row = await filtered(db, storeId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CatalogueTotals {
  productCount: number;
  stockValueAtCost: number;
  stockValueAtPrice: number;
  lowStockCount: number;
}

/**
 * The store's product count, stock value (negative stock counts as none; a weighed product's is
 * per kg) and low-stock count in one pass over its products. PostgreSQL sums bigints as numeric,
 * returned as text: hence Number.
 */
export async function catalogueTotals(db: DbOrTx, storeId: string): Promise<CatalogueTotals> {
  const onHand = sql`case when quantity > 0 then quantity else 0 end`;
  // A measured product holds thousandths and is priced per unit: its value is ÷ 1000, half up.
  const valueAt = (per: RawBuilder<unknown>) =>
    sql`case when unit in ('KG', 'L', 'M') then (${onHand} * ${per} + 500) / 1000 else ${onHand} * ${per} end`;
  const row = await db
    .selectFrom('products')
    .select([
      sql<number>`count(*)`.as('productCount'),
      sql<number>`coalesce(sum(${valueAt(sql`cost`)}), 0)`.as('stockValueAtCost'),
      sql<number>`coalesce(sum(${valueAt(sql`price`)}), 0)`.as('stockValueAtPrice'),
      sql<number>`count(case when quantity <= reorder_level then 1 end)`.as('lowStockCount'),
    ])
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return {
    productCount: Number(row.productCount),
    stockValueAtCost: Number(row.stockValueAtCost),
    stockValueAtPrice: Number(row.stockValueAtPrice),
    lowStockCount: Number(row.lowStockCount),
  };
}

/** PostgreSQL: fresh planner statistics and visibility map for the products table (see catalogue-statistics.ts). */
export async function vacuumProducts(db: Db): Promise<void> {
  // SKIP_LOCKED: another process already vacuuming the table does the same work.
  await sql`vacuum (analyze, skip_locked) products`.execute(db);
}

/** Those of `imageIds` some product of the store still shows. */
export async function imagesInUse(db: DbOrTx, storeId: string, imageIds: string[]): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('image_id')
    .distinct()
    .where('store_id', '=', storeId)
    .where('image_id', 'in', imageIds)
    .execute();
  return new Set(rows.map((r) => r.image_id!));
}
