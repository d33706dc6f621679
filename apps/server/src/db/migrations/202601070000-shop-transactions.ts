import type { Kysely } from 'kysely';

/**
 * The counter (product.md §4–§5): a store's sale settings, and sales
 * with their lines, tenders and refunds. Every table carries store_id and its unique keys start
 * with it (convention 5); `client_id` is unique per store so a retried or re-synced sale or refund
 * is stored once, by the database itself. `receipt_codes` is the one global code → store table
 * for public receipts. Money is bigint minor units; taxes per rate are kept as JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('tax_mode', 'text', (c) => c.notNull().defaultTo('NONE'))
    .execute();
  await db.schema
    .alterTable('stores')
    .addColumn('default_tax_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('stores')
    .addColumn('cash_rounding', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('shop_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    // The calendar date in the store's timezone when it was completed (parked: created).
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('second_currency', 'text')
    .addColumn('rate', 'text')
    .addColumn('rate_date', 'text')
    .addColumn('rate_source', 'text')
    .addColumn('tax_mode', 'text', (c) => c.notNull())
    .addColumn('discount_kind', 'text')
    .addColumn('discount_value', 'bigint')
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('line_discounts', 'bigint', (c) => c.notNull())
    .addColumn('cart_discount', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('rounding', 'bigint', (c) => c.notNull())
    .addColumn('due', 'bigint', (c) => c.notNull())
    .addColumn('change_in_main', 'bigint', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull())
    .addColumn('taxes', 'text', (c) => c.notNull())
    .addColumn('item_count', 'bigint', (c) => c.notNull())
    .addColumn('first_items', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_transactions_store_client_unique')
    .on('shop_transactions')
    .columns(['store_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shop_transactions_store_code_unique')
    .on('shop_transactions')
    .columns(['store_id', 'code'])
    .unique()
    .execute();
  // Lists by day or month, newest first, and the free tier's count of a month's completed sales.
  await db.schema
    .createIndex('shop_transactions_store_date_idx')
    .on('shop_transactions')
    .columns(['store_id', 'business_date', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('shop_transactions_store_completed_idx')
    .on('shop_transactions')
    .columns(['store_id', 'completed_at'])
    .execute();
  await db.schema
    .createIndex('shop_transactions_store_status_idx')
    .on('shop_transactions')
    .columns(['store_id', 'status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('shop_transaction_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('shop_transactions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text')
    .addColumn('code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    // The product's cost when sold, for profit in reports.
    .addColumn('unit_cost', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('refunded_quantity', 'bigint', (c) => c.notNull())
    .addColumn('discount_kind', 'text')
    .addColumn('discount_value', 'bigint')
    .addColumn('line_discount', 'bigint', (c) => c.notNull())
    .addColumn('cart_discount', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_transaction_lines_store_tx_idx')
    .on('shop_transaction_lines')
    .columns(['store_id', 'transaction_id', 'position'])
    .execute();

  await db.schema
    .createTable('shop_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('shop_transactions.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('restock', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_refunds_store_client_unique')
    .on('shop_refunds')
    .columns(['store_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shop_refunds_store_tx_idx')
    .on('shop_refunds')
    .columns(['store_id', 'transaction_id'])
    .execute();

  await db.schema
    .createTable('shop_refund_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('refund_id', 'text', (c) => c.notNull().references('shop_refunds.id'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('line_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_refund_lines_store_tx_idx')
    .on('shop_refund_lines')
    .columns(['store_id', 'transaction_id'])
    .execute();

  // Tenders of a sale (refund_id null) and of its refunds (money given back).
  await db.schema
    .createTable('shop_tenders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('shop_transactions.id'))
    .addColumn('refund_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('applied', 'bigint', (c) => c.notNull())
    .addColumn('change', 'bigint', (c) => c.notNull())
    .addColumn('change_in_main', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_tenders_store_tx_idx')
    .on('shop_tenders')
    .columns(['store_id', 'transaction_id', 'method'])
    .execute();

  await db.schema
    .createTable('receipt_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'receipt_codes',
    'shop_tenders',
    'shop_refund_lines',
    'shop_refunds',
    'shop_transaction_lines',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('shop_transactions').execute();
  for (const column of ['cash_rounding', 'default_tax_rate', 'tax_mode']) {
    await db.schema.alterTable('stores').dropColumn(column).execute();
  }
}
