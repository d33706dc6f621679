import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { NewProduct, ProductRow, ProductsTable } from '../../db/types.ts';
import { unnestRows, type ArrayType } from '../../db/unnest-rows.ts';

/*
 * PostgreSQL's bulk writes of products (an import chunk, a cargo's new products): one statement
 * for any number of rows, each column one array parameter (db/unnest-rows.ts), so a chunk costs
 * one round trip instead of one per row or per 60 rows.
 */

/** Every column of a product row with its PostgreSQL type, in the order the one-statement insert lists them. */
const PRODUCT_TYPES = {
  id: 'text',
  store_id: 'text',
  code: 'text',
  name: 'text',
  name_key: 'text',
  brand: 'text',
  description: 'text',
  category: 'text',
  price: 'bigint',
  cost: 'bigint',
  quantity: 'bigint',
  image_id: 'text',
  reorder_level: 'integer',
  tax_rate: 'integer',
  unit: 'text',
  search: 'text',
  created_at: 'text',
  updated_at: 'text',
  quantity_changed_at: 'text',
  item_id: 'text',
  option_values: 'text',
  variant_position: 'integer',
  retired_at: 'text',
} as const satisfies Record<keyof ProductsTable, ArrayType>;
type ProductColumn = keyof typeof PRODUCT_TYPES;

/** `columns` with their types, for unnestRows. */
const typed = <C extends ProductColumn>(columns: readonly C[]) =>
  columns.map((column) => [column, PRODUCT_TYPES[column]] as const);

const PRODUCT_ARRAYS = typed(Object.keys(PRODUCT_TYPES) as ProductColumn[]);

/** PostgreSQL: inserts the rows in one statement. */
export async function insertProductsAtOnce(db: DbOrTx, rows: NewProduct[]): Promise<void> {
  await db
    .insertInto('products')
    .columns(PRODUCT_ARRAYS.map(([column]) => column))
    .expression(unnestRows(rows, PRODUCT_ARRAYS))
    .execute();
}

/** What an import changes of a product it knows: its descriptive columns. */
const EDIT_COLUMNS = [
  'id',
  'code',
  'name',
  'name_key',
  'brand',
  'description',
  'category',
  'price',
  'cost',
  'image_id',
  'tax_rate',
  'search',
  'updated_at',
] as const satisfies readonly ProductColumn[];
const EDIT_ARRAYS = typed(EDIT_COLUMNS);

export type ProductEdit = Pick<ProductRow, (typeof EDIT_COLUMNS)[number]>;

/** The columns of `row` an import changes. */
export function editOf(row: ProductRow): ProductEdit {
  return Object.fromEntries(EDIT_COLUMNS.map((column) => [column, row[column]])) as ProductEdit;
}

/**
 * PostgreSQL: applies many products' edits in two statements (an import chunk of known codes)
 * instead of one per product. The rows are first locked in code order, the order the import's
 * one-by-one updates took them in, so two imports touching the same products still wait for each
 * other instead of deadlocking. Never the quantity (the ledger owns it).
 */
export async function updateProductsAtOnce(db: DbOrTx, storeId: string, edits: ProductEdit[]): Promise<void> {
  if (edits.length === 0) return;
  await db
    .selectFrom('products')
    .select('id')
    .where('store_id', '=', storeId)
    .where('id', '=', sql<string>`any(${edits.map((e) => e.id)}::text[])`)
    .orderBy('code')
    .forNoKeyUpdate()
    .execute();
  const from = <K extends keyof ProductEdit>(column: K) => sql.ref<ProductEdit[K]>(`u.${column}`);
  await db
    .updateTable('products')
    .from(sql`(${unnestRows(edits, EDIT_ARRAYS)})`.as('u'))
    .set({
      code: from('code'),
      name: from('name'),
      name_key: from('name_key'),
      brand: from('brand'),
      description: from('description'),
      category: from('category'),
      price: from('price'),
      cost: from('cost'),
      image_id: from('image_id'),
      tax_rate: from('tax_rate'),
      search: from('search'),
      updated_at: from('updated_at'),
    })
    .where('products.store_id', '=', storeId)
    .whereRef('products.id', '=', sql.ref('u.id'))
    .execute();
}
