import type { Kysely } from 'kysely';

/**
 * Exchange rates (product.md §5). `exchange_rates` is global, not store data: the EUR reference
 * rates of each day by source (ECB, PEG derived from one of them, or the bundled SNAPSHOT), from
 * which any pair's cross rate is derived. `store_exchange_rates` is a store's own manual rate for
 * its main → second pair, which wins for that store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_rates')
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['base', 'quote', 'date', 'source'])
    .execute();
  await db.schema
    .createTable('store_exchange_rates')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_exchange_rates_pk', ['store_id', 'base', 'quote'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_exchange_rates').execute();
  await db.schema.dropTable('exchange_rates').execute();
}
