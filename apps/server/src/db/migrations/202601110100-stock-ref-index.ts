import type { Kysely } from 'kysely';

/**
 * Marking a cargo not arrived sums its own movements (store, refCode) to take them back: without
 * this index that read walks every movement of the store (100k products imported leave 100k
 * opening movements), which made reversing a 2,000-line cargo take seconds. `product_id` last: the
 * read groups by product, which the index then gives in order. Not a partial index (ref_code not
 * null): SQLite's planner passed over that one for the store's product index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('stock_movements_store_ref_idx')
    .on('stock_movements')
    .columns(['store_id', 'ref_code', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stock_movements_store_ref_idx').execute();
}
