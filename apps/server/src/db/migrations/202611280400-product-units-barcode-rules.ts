import type { Kysely } from 'kysely';

/**
 * Weighed and price-embedded barcodes (product.md §4–§5).
 *
 * `products.unit` is EACH, KG, L or M; a measured product's `quantity` (and every quantity of it:
 * movements, lines, refunds) is integer thousandths of the unit, so nothing stored before changes
 * meaning (every product so far is EACH).
 *
 * `shop_transaction_lines.unit` is the unit the line was sold in (the product may change later),
 * and `label_price` the price printed on a price-embedded label, which is what the line costs
 * (its quantity was derived from it and rounded), null otherwise. The PostgreSQL sale function
 * reads lines with jsonb_populate_recordset, so the sale writer always sends both keys.
 *
 * `store_barcode_rules` holds a store's rules for reading scale labels, keyed (store_id, id).
 * Same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('EACH'))
    .execute();
  await db.schema
    .alterTable('shop_transaction_lines')
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('EACH'))
    .execute();
  await db.schema.alterTable('shop_transaction_lines').addColumn('label_price', 'bigint').execute();
  await db.schema
    .createTable('store_barcode_rules')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('item_digits', 'integer', (c) => c.notNull())
    .addColumn('value_digits', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    // 1 or 0: the same column type on both engines.
    .addColumn('value_check_digit', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_barcode_rules_pk', ['store_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_barcode_rules').execute();
  await db.schema.alterTable('shop_transaction_lines').dropColumn('label_price').execute();
  await db.schema.alterTable('shop_transaction_lines').dropColumn('unit').execute();
  await db.schema.alterTable('products').dropColumn('unit').execute();
}
