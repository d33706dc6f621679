import type { Kysely } from 'kysely';

/**
 * The customer display (product.md §5, issue 45). `display_pairings`: a device paired to a store by
 * a QR (a store table, keyed `(store_id, id)`): its name, the SHA-256 of its token (the token, 32
 * random bytes, is shown once, in the pairing's answer, and never stored or logged), who paired it,
 * when it was revoked, when a display was last connected to it (refreshed while a stream is open)
 * and disconnected, and the newest state the counter sent (JSON text, its `seq` and when): the
 * snapshot a display starts from, and what a LISTEN notification tells other processes to read.
 *
 * `display_tokens`: the token hash -> pairing lookup, like `receipt_codes`: a display knows only
 * its token (no store), so the lookup cannot be routed to a store's shard first; a global table,
 * listed in GLOBAL_TABLES. The row goes when the pairing is revoked. Same statements on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('display_pairings')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('disconnected_at', 'text')
    .addColumn('state_json', 'text')
    .addColumn('state_seq', 'bigint')
    .addColumn('state_at', 'text')
    .addPrimaryKeyConstraint('display_pairings_pkey', ['store_id', 'id'])
    .execute();
  await db.schema
    .createTable('display_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('pairing_id', 'text', (c) => c.notNull())
    .execute();
  // Revoking a pairing and deleting a store's rows find its token by store and pairing.
  await db.schema
    .createIndex('display_tokens_store_pairing_idx')
    .on('display_tokens')
    .columns(['store_id', 'pairing_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('display_tokens').execute();
  await db.schema.dropTable('display_pairings').execute();
}
