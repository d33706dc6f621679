import type { Kysely } from 'kysely';

/**
 * Products, the stock ledger, image files and import batches. Money and quantities are `bigint`
 * (int8 on PostgreSQL, read back as JS numbers by the pool's type parser; INTEGER on SQLite).
 * Every table carries store_id and its keys start with it (ARCHITECTURE.md convention 5).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Lowercased name: sorting by name ignores case the same way on both engines.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('image_id', 'text')
    // Lowercased code, name and brand: one LIKE per search term, case-insensitive beyond ASCII.
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('products_store_code_unique')
    .on('products')
    .columns(['store_id', 'code'])
    .unique()
    .execute();
  // One index per sort of PRODUCT_SORTS, each ending in id: the window's tie-break.
  await db.schema
    .createIndex('products_store_name_idx')
    .on('products')
    .columns(['store_id', 'name_key', 'id'])
    .execute();
  await db.schema.createIndex('products_store_price_idx').on('products').columns(['store_id', 'price', 'id']).execute();
  await db.schema
    .createIndex('products_store_quantity_idx')
    .on('products')
    .columns(['store_id', 'quantity', 'id'])
    .execute();
  await db.schema
    .createIndex('products_store_updated_idx')
    .on('products')
    .columns(['store_id', 'updated_at', 'id'])
    .execute();
  // The category filter (with the default name sort) and the distinct category list.
  await db.schema
    .createIndex('products_store_category_idx')
    .on('products')
    .columns(['store_id', 'category', 'name_key', 'id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_code', 'text')
    .addColumn('user_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_store_product_idx')
    .on('stock_movements')
    .columns(['store_id', 'product_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('files_pk', ['store_id', 'id'])
    .execute();

  await db.schema
    .createTable('import_batches')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_batches_pk', ['store_id', 'import_id', 'batch'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['import_batches', 'files', 'stock_movements', 'products']) {
    await db.schema.dropTable(table).execute();
  }
}
