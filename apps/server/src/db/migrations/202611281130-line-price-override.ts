import type { Kysely } from 'kysely';

/**
 * A price changed by hand at the counter (PRICE_OVERRIDE): `shop_transaction_lines.
 * price_override` is 1 for such a line, else 0 (the same column type on both engines). A held cart
 * keeps it, so completing the cart later still needs the permission, or an approval. Lines stored
 * before are 0: no price of theirs was marked. The PostgreSQL sale function reads lines with
 * jsonb_populate_recordset, so the sale writer always sends the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shop_transaction_lines')
    .addColumn('price_override', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_transaction_lines').dropColumn('price_override').execute();
}
