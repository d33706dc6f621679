import type { Kysely } from 'kysely';

/**
 * `products.reorder_level`: the quantity at or below which a product is low on stock (null: the
 * owner set none). The partial index holds only products that have one, usually a small part of
 * the catalogue, so the low-stock filter and count read those rows instead of the whole store.
 * Same statements on SQLite and PostgreSQL (both have partial indexes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('reorder_level', 'integer').execute();
  await db.schema
    .createIndex('products_store_reorder_idx')
    .on('products')
    .columns(['store_id', 'name_key', 'id', 'quantity', 'reorder_level'])
    .where('reorder_level', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_store_reorder_idx').execute();
  await db.schema.alterTable('products').dropColumn('reorder_level').execute();
}
