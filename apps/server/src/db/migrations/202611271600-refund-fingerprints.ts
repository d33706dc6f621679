import type { Kysely } from 'kysely';

/**
 * `shop_refunds.request_hash`: a fingerprint of the refund request's content
 * (modules/shop/request-fingerprint.ts), so a refund clientId sent again with a different body is
 * told apart from a retry (409 CLIENT_ID_REUSED instead of the first refund), as for sales
 * (202601130000-sale-times-and-fingerprints.ts). Refunds stored before it keep NULL and are
 * answered as before: the first result. A nullable column: the same statement on SQLite and
 * PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_refunds').addColumn('request_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_refunds').dropColumn('request_hash').execute();
}
