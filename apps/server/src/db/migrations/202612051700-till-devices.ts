import type { Kysely } from 'kysely';

/**
 * Tills as devices (product.md §2 "Till mode", §4 TillDevice). `till_devices`: a device the owner
 * or a manager turned into the store's till, with the SHA-256 of its token's secret (the token
 * itself is shown once, to the device) and when it was revoked. `till_approval_uses`: approvals
 * already spent (an online grant's id, an offline proof), so each approves one action only; kept
 * with the action's clientId so the same action retried is not refused. Sales, refunds and audit
 * events record the till they were made on (`device_id`, null from a person's own session) and
 * how an approval was given (`approval_mode`: ONLINE or OFFLINE; null when none, and for rows from
 * before). Same statements on SQLite and PostgreSQL; the PostgreSQL sale function stores the new
 * columns from the header's keys as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('till_devices')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .addPrimaryKeyConstraint('till_devices_pkey', ['store_id', 'id'])
    .execute();
  await db.schema
    .createTable('till_approval_uses')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('use_key', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('till_approval_uses_pkey', ['store_id', 'use_key'])
    .execute();
  for (const table of ['shop_transactions', 'shop_refunds', 'audit_events']) {
    await db.schema.alterTable(table).addColumn('device_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('approval_mode', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_events', 'shop_refunds', 'shop_transactions']) {
    await db.schema.alterTable(table).dropColumn('approval_mode').execute();
    await db.schema.alterTable(table).dropColumn('device_id').execute();
  }
  await db.schema.dropTable('till_approval_uses').execute();
  await db.schema.dropTable('till_devices').execute();
}
