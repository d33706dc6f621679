import type { Kysely } from 'kysely';

/**
 * Support requests: what a user asked, kept beside the mail to the support address so a request
 * survives a lost mail and support can look it up. A user's own rows: account deletion takes them
 * with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // The address replies go to, as it was when the request was sent.
    .addColumn('reply_to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_requests_user')
    .on('support_requests')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_requests').execute();
}
