import type { Kysely } from 'kysely';

/**
 * `stock_movements.adjustment_reason`: why an ADJUSTMENT changed the stock — RECEIVED, DAMAGED,
 * THEFT, CORRECTION or OWN_USE — chosen in the adjust dialog and shown in the stock history. Null
 * for every other movement and for adjustments made before (or by clients that do not send one).
 * Same statement on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_movements').addColumn('adjustment_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_movements').dropColumn('adjustment_reason').execute();
}
