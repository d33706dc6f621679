import type { Kysely } from 'kysely';

/**
 * "No sale" (product.md §2 and §5): opening the cash drawer without a sale is an audit event
 * (action NO_SALE) that a device may send twice, so `audit_events` gains what a repeatable write
 * needs: the device's `client_id` (unique per store: a retry finds the first event) and the
 * fingerprint of its body (`request_hash`: the same clientId with another body is a 409).
 * `shift_id` is the shift open when the drawer opened (or the one that adopts it later), so the X
 * and Z reports count a shift's drawer openings through the (store_id, shift_id) index.
 * Other events leave the three null; NULLs never collide in a unique index on either engine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('client_id', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('shift_id', 'text').execute();
  await db.schema
    .createIndex('audit_events_client_id_key')
    .on('audit_events')
    .columns(['store_id', 'client_id'])
    .unique()
    .execute();
  await db.schema.createIndex('audit_events_shift_idx').on('audit_events').columns(['store_id', 'shift_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_shift_idx').execute();
  await db.schema.dropIndex('audit_events_client_id_key').execute();
  await db.schema.alterTable('audit_events').dropColumn('shift_id').execute();
  await db.schema.alterTable('audit_events').dropColumn('request_hash').execute();
  await db.schema.alterTable('audit_events').dropColumn('client_id').execute();
}
