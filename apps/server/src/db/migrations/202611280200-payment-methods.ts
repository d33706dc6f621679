import type { Kysely } from 'kysely';

/**
 * Named tenders (product.md §4 PaymentMethod). `payment_methods` holds a store's list once its
 * owner has saved one; until then the store has its currency's defaults
 * (`defaultPaymentMethodList`, each with its default name as id), so no store needs rows written
 * for it here. A method taken off the list keeps its row (`deleted_at`), so reports still name it.
 *
 * Each tender keeps the method it was paid with as it was then: `payment_method_id`, and the
 * method's name, default name and kind at that moment; `reference` is the slip's or transaction
 * number. All null on tenders stored before: they read as their fixed method (CASH, CARD, OTHER).
 * The PostgreSQL sale function reads tender rows with jsonb_populate_recordset, so it stores these
 * columns as the TypeScript rows carry them (modules/shop checkout.service.ts tenderRows).
 * Same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_methods')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('default_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('needs_reference', 'integer', (c) => c.notNull())
    .addColumn('opens_drawer', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addPrimaryKeyConstraint('payment_methods_pk', ['store_id', 'id'])
    .execute();
  for (const column of ['payment_method_id', 'method_name', 'method_default_name', 'method_kind', 'reference']) {
    await db.schema.alterTable('shop_tenders').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['reference', 'method_kind', 'method_default_name', 'method_name', 'payment_method_id']) {
    await db.schema.alterTable('shop_tenders').dropColumn(column).execute();
  }
  await db.schema.dropTable('payment_methods').execute();
}
