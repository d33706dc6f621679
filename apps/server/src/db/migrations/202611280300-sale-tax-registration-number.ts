import type { Kysely } from 'kysely';

/**
 * The store's tax registration number on the day of each sale: a receipt is reopened by its code
 * for years (7 in Japan), and a yen sale's receipt is a qualified simplified invoice only if the
 * store was registered when it sold. Null: no number then (or a sale stored before this migration,
 * shown without one). Written by the TypeScript header on both engines, so the PostgreSQL sale
 * function carries it with the rest of the row (jsonb_populate_record).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_transactions').addColumn('tax_registration_number', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_transactions').dropColumn('tax_registration_number').execute();
}
