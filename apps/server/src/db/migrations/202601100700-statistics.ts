import type { Kysely } from 'kysely';

/**
 * Statistics kept as aggregates (product.md §5: "stay fast at a million transactions"). Every
 * completed sale and every refund adds its figures to these rows in the same database transaction
 * that stores it, bucketed by the store's local date (and hour) at that moment, so a year's report
 * reads at most 8,784 hour rows, a few thousand product rows and a few tender rows instead of every
 * sale. Refund columns are kept apart from sale columns: reports show gross sales and refunds.
 * Products are kept per day and per month: a long range reads whole months from the month rows and
 * only its partial months from the day rows. Money is bigint minor units of the main currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_hours')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('sales_count', 'bigint', (c) => c.notNull())
    .addColumn('refund_count', 'bigint', (c) => c.notNull())
    .addColumn('items_sold', 'bigint', (c) => c.notNull())
    .addColumn('items_refunded', 'bigint', (c) => c.notNull())
    .addColumn('gross_sales', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('discounts', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('refunded_tax', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('refunded_cost', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_hours_pk', ['store_id', 'business_date', 'hour'])
    .execute();

  for (const [table, period] of [
    ['stat_products_day', 'business_date'],
    ['stat_products_month', 'month'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
      .addColumn(period, 'text', (c) => c.notNull())
      // The product's id, or `open:<name>` for open-price lines (they have no product).
      .addColumn('product_key', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text')
      .addColumn('code', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('refunded_quantity', 'bigint', (c) => c.notNull())
      .addColumn('revenue', 'bigint', (c) => c.notNull())
      .addColumn('refunded_revenue', 'bigint', (c) => c.notNull())
      .addColumn('cost', 'bigint', (c) => c.notNull())
      .addColumn('refunded_cost', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['store_id', period, 'product_key'])
      .execute();
  }

  await db.schema
    .createTable('stat_tenders')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('sales_count', 'bigint', (c) => c.notNull())
    .addColumn('refund_count', 'bigint', (c) => c.notNull())
    // Kept: tendered minus change, in the tender's currency; and what it paid of the sale in main.
    .addColumn('taken', 'bigint', (c) => c.notNull())
    .addColumn('taken_in_main', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addColumn('refunded_in_main', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_tenders_pk', ['store_id', 'business_date', 'method', 'currency'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['stat_tenders', 'stat_products_month', 'stat_products_day', 'stat_hours']) {
    await db.schema.dropTable(table).execute();
  }
}
