import type { Kysely } from 'kysely';

/**
 * The sales list filtered by member (issue 41) and a member without REPORTS listing their own
 * sales: `store_id, user_id, business_date` finds one member's sales of a period without reading
 * every sale of the store in it, newest first like `shop_transactions_store_date_idx`. The filter
 * by payment method needs none of its own: each listed sale's tenders are one probe of
 * `shop_tenders_store_tx_idx`. Same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('shop_transactions_store_user_date_idx')
    .on('shop_transactions')
    .columns(['store_id', 'user_id', 'business_date', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shop_transactions_store_user_date_idx').execute();
}
