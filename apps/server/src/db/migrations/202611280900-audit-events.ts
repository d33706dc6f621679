import type { Kysely } from 'kysely';

/**
 * The store's audit log (product.md §2 and §4 AuditEvent): one row per write that is not already a
 * row naming its author. Written in the same transaction as the write it records, so an event
 * exists exactly when its write does. Sales are not copied here: shop_transactions already carries
 * user_id, and the log's read lists them from there (modules/audit), which keeps the sale a single
 * statement on PostgreSQL. `user_id` and `approved_by` have no foreign key: what a member did keeps
 * their id after they leave the store. The (store_id, at) index serves the paged read, newest
 * first, and its date filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'bigint')
    .addPrimaryKeyConstraint('audit_events_pkey', ['store_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_events_store_at_idx').on('audit_events').columns(['store_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
