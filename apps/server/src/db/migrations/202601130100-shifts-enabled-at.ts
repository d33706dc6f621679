import { sql, type Kysely } from 'kysely';

/**
 * `stores.shifts_enabled_at`: when the store last turned shifts on. A completed sale or a refund
 * stored while shifts are on and no shift is open has no shift; the next shift opened adopts every
 * such one stored since this moment, so nothing sold under shifts falls outside every Z report,
 * while the sales of the time before shifts (or while they were off) stay out. Stores that use
 * shifts already start from their first shift's opening (none yet: from now).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stores').addColumn('shifts_enabled_at', 'text').execute();
  const now = new Date().toISOString();
  await sql`UPDATE stores SET shifts_enabled_at = COALESCE(
      (SELECT MIN(s.opened_at) FROM shifts s WHERE s.store_id = stores.id), ${now})
    WHERE shifts_enabled = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stores').dropColumn('shifts_enabled_at').execute();
}
