import type { Kysely } from 'kysely';

/**
 * Marking a cargo not arrived sums its own movements (store, refCode) to take them back: without
 * this index that read walks every movement of the store (100k products imported leave 100k
 * opening movements), which made reversing a 2,000-line cargo take seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('stock_movements_store_ref_idx')
    .on('stock_movements')
    .columns(['store_id', 'ref_code'])
    .where('ref_code', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stock_movements_store_ref_idx').execute();
}
