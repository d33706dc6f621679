import type { Kysely } from 'kysely';

/**
 * `support_requests.mailed_to`: every request is stored, with or without a support address; this
 * column says where it was mailed (null: stored only, for the administrator, who reads it with
 * `npm run support:export`). Rows from before were all mailed, to an address no longer known: they
 * keep null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_requests').addColumn('mailed_to', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_requests').dropColumn('mailed_to').execute();
}
