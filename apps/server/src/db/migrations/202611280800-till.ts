import type { Kysely } from 'kysely';

/**
 * Till mode (product.md §2, §4). `stores.lock_after_sale` (1: a till locks after each sale) and
 * `stores.idle_lock_minutes` (0: never) are the store's till settings; the PIN hashes are
 * `store_members.pin_hash` (migration 202611280100). A sale or refund made on a till records the
 * member unlocked there in its `user_id` and, when another member's PIN approved what they lacked,
 * that member in `approved_by` (null otherwise, and for everything before). Same statements on
 * SQLite and PostgreSQL; the PostgreSQL sale function reads the header with
 * jsonb_populate_record, so the new column is stored from the header's key as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('lock_after_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('stores')
    .addColumn('idle_lock_minutes', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema.alterTable('shop_transactions').addColumn('approved_by', 'text').execute();
  await db.schema.alterTable('shop_refunds').addColumn('approved_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_refunds').dropColumn('approved_by').execute();
  await db.schema.alterTable('shop_transactions').dropColumn('approved_by').execute();
  await db.schema.alterTable('stores').dropColumn('idle_lock_minutes').execute();
  await db.schema.alterTable('stores').dropColumn('lock_after_sale').execute();
}
