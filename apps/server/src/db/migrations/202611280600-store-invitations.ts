import type { Kysely } from 'kysely';

/**
 * Invitations to work in a store (product.md §2): by email, with the role, permissions and maximum
 * discount the member will get. The link's token is `storeId.nonce.signature`; only the nonce's
 * hash is kept (unique within the store), so a database leak gives no working link. `accepted_at`
 * marks the single use; a revoked invitation is deleted. Keyed (store_id, id) and looked up by
 * (store_id, nonce_hash): the token names its store, so Citus routes the lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store_invitations')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('max_discount', 'integer', (c) => c.notNull())
    .addColumn('nonce_hash', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_invitations_pkey', ['store_id', 'id'])
    .addUniqueConstraint('store_invitations_nonce_key', ['store_id', 'nonce_hash'])
    .execute();
  await db.schema
    .createIndex('store_invitations_email_idx')
    .on('store_invitations')
    .columns(['store_id', 'email'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_invitations').execute();
}
