import type { Kysely } from 'kysely';

/**
 * `products.tax_rate`: a product's own tax rate in basis points (e.g. a reduced food rate); null
 * means the store's default rate. Nullable with no default, so adding it rewrites no row on either
 * engine and every existing product keeps selling at the store's default. Same statement on
 * SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('tax_rate', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('tax_rate').execute();
}
