import type { Kysely } from 'kysely';

/**
 * Counters of the auth rate limits, in the database so every app process sees the same counts and
 * a restart forgets none (ARCHITECTURE.md: nothing a second process needs lives in one process's
 * memory). `key` is a hash of action, scope and value (no email or address is stored in clear);
 * rows past `expires_at` mean nothing and are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    // The id of the last attempt let through, so an attempt can tell from the upsert's own result
    // whether it got a slot.
    .addColumn('attempt_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_throttles_expires_at_idx').on('auth_throttles').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_throttles').execute();
}
