import { sql, type Kysely } from 'kysely';

/**
 * A sale's device time, and fingerprints that tell a retry from a reused clientId.
 * - `sold_at`: the device's time of the sale (product.md §4 `soldAt`); `created_at` stays the
 *   moment the server stored it. A sale made offline and synced later keeps its own time, day and
 *   report hour. Existing sales had no device time: they take their completion (else creation)
 *   time, which is what they were reported under until now.
 * - `request_hash`: a fingerprint of the create request's content, so a clientId sent again with
 *   a different body is told apart from a retry (409 instead of the first sale).
 * - `completion_client_id`, `completion_hash`: the same for the request that completed a held
 *   cart (PUT), whose clientId is not the cart's own.
 * Nullable columns and one UPDATE: the same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_transactions').addColumn('sold_at', 'text').execute();
  await db.schema.alterTable('shop_transactions').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('shop_transactions').addColumn('completion_client_id', 'text').execute();
  await db.schema.alterTable('shop_transactions').addColumn('completion_hash', 'text').execute();
  await sql`UPDATE shop_transactions SET sold_at = COALESCE(completed_at, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['completion_hash', 'completion_client_id', 'request_hash', 'sold_at']) {
    await db.schema.alterTable('shop_transactions').dropColumn(column).execute();
  }
}
