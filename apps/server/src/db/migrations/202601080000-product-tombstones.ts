import type { Kysely } from 'kysely';

/**
 * A deleted product leaves a tombstone, so a device keeping a local copy of the catalogue through
 * `GET /product/changes` learns of the deletion (product.md §6). Keyed by store first (convention 5).
 * The feed pages products by (updated_at, id); that index exists (products_store_updated_idx).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_tombstones')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tombstones_pk', ['store_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_tombstones_store_deleted_idx')
    .on('product_tombstones')
    .columns(['store_id', 'deleted_at', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_tombstones').execute();
}
