import type { Kysely } from 'kysely';

/**
 * `receipt_templates` (product.md §4): one row per store that has saved its receipt template; a
 * store without a row prints with DEFAULT_RECEIPT_TEMPLATE. Booleans are 0/1 integers and texts are
 * `text`, so the same statements run on SQLite and PostgreSQL. The logo is not a column: it is the
 * store's receipt image (original.md §3), shown when `show_logo` is 1 and the image exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('receipt_templates')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('header_text', 'text', (c) => c.notNull())
    .addColumn('footer_text', 'text', (c) => c.notNull())
    .addColumn('show_logo', 'integer', (c) => c.notNull())
    .addColumn('show_store_name', 'integer', (c) => c.notNull())
    .addColumn('show_address', 'integer', (c) => c.notNull())
    .addColumn('show_phone', 'integer', (c) => c.notNull())
    .addColumn('show_second_currency', 'integer', (c) => c.notNull())
    .addColumn('show_qr', 'integer', (c) => c.notNull())
    .addColumn('paper_width', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipt_templates').execute();
}
