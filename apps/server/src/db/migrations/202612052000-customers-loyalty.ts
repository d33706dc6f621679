import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Customers and points (product.md §4 Customer, LoyaltyEntry; §5 "Customers and points").
 *
 * - `customers`: one store's customers; `code` is the member number (unique in the store);
 *   `client_id` makes a device's create (offline too) happen once; `points_balance`, `visits`,
 *   `total_spent`, `last_visit_at` are kept by the sale and refund writes in their transaction;
 *   `deleted_at` set = anonymised (name, phone, email, note emptied; their sales unlinked).
 * - `customer_search_keys`: folded prefixes to search by (name words, furigana, email, code,
 *   phone digits, last four phone digits), one row each, so a search is an index range on both
 *   engines (binary order: on PostgreSQL the key column is COLLATE "C", so `key >= q AND key < q ||
 *   U+FFFF` is exactly "starts with q").
 * - `loyalty_entries`: the points ledger; `points_balance` is always their sum. At most one EARN and
 *   one REDEEM per sale (unique store, sale, kind) and one REVERSE per refund (unique store, refund).
 * - Sales carry their customer (kept as it was: id, code, name) and points; lines their share of the
 *   points discount, of the points earned and of the points used (what a refund reverses); refunds
 *   what they reversed and returned. `points_overdrawn` = 1: an offline sale used more points than
 *   the balance held when it synced (kept, listed in the exceptions report).
 * - Store settings: the loyalty programme, off by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('customers')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_kana', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_digits', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_spent', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_visit_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('deleted_at', 'text')
    .addPrimaryKeyConstraint('customers_pkey', ['store_id', 'id'])
    .addUniqueConstraint('customers_store_code', ['store_id', 'code'])
    .addUniqueConstraint('customers_store_client', ['store_id', 'client_id'])
    .execute();
  await db.schema.createIndex('customers_by_name').on('customers').columns(['store_id', 'name', 'id']).execute();
  await db.schema
    .createIndex('customers_by_visit')
    .on('customers')
    .columns(['store_id', 'last_visit_at', 'id'])
    .execute();

  await db.schema
    .createTable('customer_search_keys')
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('key', postgres ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_search_keys_pkey', ['store_id', 'key', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('customer_search_keys_by_customer')
    .on('customer_search_keys')
    .columns(['store_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('loyalty_entries')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('sale_id', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('device_id', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('loyalty_entries_pkey', ['store_id', 'id'])
    .addUniqueConstraint('loyalty_entries_sale_kind', ['store_id', 'sale_id', 'kind'])
    .addUniqueConstraint('loyalty_entries_refund', ['store_id', 'refund_id'])
    .execute();
  await db.schema
    .createIndex('loyalty_entries_by_customer')
    .on('loyalty_entries')
    .columns(['store_id', 'customer_id', 'at'])
    .execute();
  await db.schema.createIndex('loyalty_entries_by_time').on('loyalty_entries').columns(['store_id', 'at']).execute();

  const sales = [
    ['customer_id', 'text'],
    ['customer_code', 'text'],
    ['customer_name', 'text'],
    ['points_earned', 'bigint'],
    ['points_redeemed', 'bigint'],
    ['points_balance', 'bigint'],
    ['points_discount', 'bigint'],
    ['points_overdrawn', 'integer'],
  ] as const;
  for (const [column, type] of sales) await db.schema.alterTable('shop_transactions').addColumn(column, type).execute();
  await db.schema
    .createIndex('shop_transactions_by_customer')
    .on('shop_transactions')
    .columns(['store_id', 'customer_id', 'sold_at'])
    .execute();
  for (const column of ['points_discount', 'points_earned', 'points_used']) {
    await db.schema
      .alterTable('shop_transaction_lines')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const column of ['points_reversed', 'points_returned']) {
    await db.schema
      .alterTable('shop_refunds')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  const store = [
    ['loyalty_enabled', 'integer', 0],
    ['loyalty_earn_rate', 'integer', 100],
    ['loyalty_point_value', 'integer', 1],
    ['loyalty_min_redeem', 'bigint', 0],
  ] as const;
  for (const [column, type, value] of store) {
    await db.schema
      .alterTable('stores')
      .addColumn(column, type, (c) => c.notNull().defaultTo(value))
      .execute();
  }
  await db.schema.alterTable('stores').addColumn('loyalty_expiry_months', 'integer').execute();
  await db.schema.alterTable('stores').addColumn('loyalty_expired_through', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'loyalty_expired_through',
    'loyalty_expiry_months',
    'loyalty_min_redeem',
    'loyalty_point_value',
    'loyalty_earn_rate',
    'loyalty_enabled',
  ]) {
    await db.schema.alterTable('stores').dropColumn(column).execute();
  }
  for (const column of ['points_returned', 'points_reversed'])
    await db.schema.alterTable('shop_refunds').dropColumn(column).execute();
  for (const column of ['points_used', 'points_earned', 'points_discount'])
    await db.schema.alterTable('shop_transaction_lines').dropColumn(column).execute();
  await db.schema.dropIndex('shop_transactions_by_customer').execute();
  for (const column of [
    'points_overdrawn',
    'points_discount',
    'points_balance',
    'points_redeemed',
    'points_earned',
    'customer_name',
    'customer_code',
    'customer_id',
  ]) {
    await db.schema.alterTable('shop_transactions').dropColumn(column).execute();
  }
  await db.schema.dropTable('loyalty_entries').execute();
  await db.schema.dropTable('customer_search_keys').execute();
  await db.schema.dropTable('customers').execute();
}
