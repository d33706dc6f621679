import { sql, type Kysely } from 'kysely';

/**
 * Gift cards and store credit (product.md §4 StoredValueAccount, StoredValueEntry; §5).
 *
 * - `stored_value_accounts`: a store's cards and credits; `code` is the card number (unique in the
 *   store); `balance` is always the sum of the account's entries, kept by the sale, refund,
 *   adjustment and expiry writes in their own transaction; a customer has at most one STORE_CREDIT
 *   account (partial unique index). `expires_at`: the last business date it can be spent.
 * - `stored_value_entries`: the ledger, each with the balance after it; `client_id` makes an owner's
 *   adjustment write once.
 * - Sale lines carry the gift card they sold; tenders the card they spent and its balance after;
 *   refunds whether they paid into store credit.
 * - Store settings: the six-month expiry (null: on for a yen store), where cards are usable and whom
 *   to ask (printed on cards and receipts), and the day the expiry job has handled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_value_accounts')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('issued', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('sale_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('created_by', 'text')
    .addPrimaryKeyConstraint('stored_value_accounts_pkey', ['store_id', 'id'])
    .addUniqueConstraint('stored_value_accounts_store_code', ['store_id', 'code'])
    .execute();
  await sql`create unique index stored_value_accounts_credit_of_customer on stored_value_accounts (store_id, customer_id) where kind = 'STORE_CREDIT'`.execute(
    db,
  );
  await db.schema
    .createIndex('stored_value_accounts_by_created')
    .on('stored_value_accounts')
    .columns(['store_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stored_value_accounts_by_expiry')
    .on('stored_value_accounts')
    .columns(['store_id', 'expires_at'])
    .execute();

  await db.schema
    .createTable('stored_value_entries')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('sale_id', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('device_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_value_entries_pkey', ['store_id', 'id'])
    .addUniqueConstraint('stored_value_entries_client', ['store_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('stored_value_entries_by_account')
    .on('stored_value_entries')
    .columns(['store_id', 'account_id', 'at'])
    .execute();
  await db.schema
    .createIndex('stored_value_entries_by_time')
    .on('stored_value_entries')
    .columns(['store_id', 'at'])
    .execute();

  await db.schema.alterTable('shop_transaction_lines').addColumn('gift_card_code', 'text').execute();
  await db.schema.alterTable('shop_tenders').addColumn('card_code', 'text').execute();
  await db.schema.alterTable('shop_tenders').addColumn('card_balance', 'bigint').execute();
  await db.schema
    .alterTable('shop_refunds')
    .addColumn('to_store_credit', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('stores').addColumn('sv_expire_six_months', 'integer').execute();
  for (const column of ['sv_usable_at', 'sv_contact']) {
    await db.schema
      .alterTable('stores')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema.alterTable('stores').addColumn('sv_expired_through', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sv_expired_through', 'sv_contact', 'sv_usable_at', 'sv_expire_six_months'])
    await db.schema.alterTable('stores').dropColumn(column).execute();
  await db.schema.alterTable('shop_refunds').dropColumn('to_store_credit').execute();
  await db.schema.alterTable('shop_tenders').dropColumn('card_balance').execute();
  await db.schema.alterTable('shop_tenders').dropColumn('card_code').execute();
  await db.schema.alterTable('shop_transaction_lines').dropColumn('gift_card_code').execute();
  await db.schema.dropTable('stored_value_entries').execute();
  await db.schema.dropTable('stored_value_accounts').execute();
}
