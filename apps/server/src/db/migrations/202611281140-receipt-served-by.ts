import type { Kysely } from 'kysely';

/**
 * "Served by" on the receipt: a receipt template may print the first name of the member who made
 * the sale. Off (0) for every store that saved its template before, so no existing receipt starts
 * naming staff without the owner choosing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('receipt_templates')
    .addColumn('show_served_by', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipt_templates').dropColumn('show_served_by').execute();
}
