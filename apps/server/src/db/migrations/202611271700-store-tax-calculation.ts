import type { Kysely } from 'kysely';

/**
 * Tax per rate (product.md §5). `stores.tax_calculation` is PER_LINE (each line's tax rounded on
 * its own, the rule so far) or PER_RATE (tax once per rate per receipt from the sum of that rate's
 * lines), rounded with `stores.tax_rounding` (HALF_UP, DOWN, UP); `stores.tax_registration_number`
 * is the store's number (a yen store's: the qualified invoice issuer number, which makes its
 * receipts PER_RATE whatever is set).
 * A sale keeps the calculation it was priced with (`shop_transactions.tax_calculation` and
 * `tax_rounding`), so its refunds follow it after the store switches; null is a sale stored
 * before this migration, which was PER_LINE. Same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('tax_calculation', 'text', (c) => c.notNull().defaultTo('PER_LINE'))
    .execute();
  await db.schema
    .alterTable('stores')
    .addColumn('tax_rounding', 'text', (c) => c.notNull().defaultTo('HALF_UP'))
    .execute();
  await db.schema.alterTable('stores').addColumn('tax_registration_number', 'text').execute();
  await db.schema.alterTable('shop_transactions').addColumn('tax_calculation', 'text').execute();
  await db.schema.alterTable('shop_transactions').addColumn('tax_rounding', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_transactions').dropColumn('tax_rounding').execute();
  await db.schema.alterTable('shop_transactions').dropColumn('tax_calculation').execute();
  await db.schema.alterTable('stores').dropColumn('tax_registration_number').execute();
  await db.schema.alterTable('stores').dropColumn('tax_rounding').execute();
  await db.schema.alterTable('stores').dropColumn('tax_calculation').execute();
}
