import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Prices are the server's (product.md §2): a catalogue line is sold at the product's price in
 * effect at the sale's time, so an offline sale made before a price change keeps the price the
 * customer paid. `product_prices` keeps each price a product had and since when (its `updated_at`
 * at the change, the time of its creation for the first), written by triggers on `products`, so
 * every path that creates or edits a product (the form, the import, a cargo's new products, and
 * any later one) keeps it without being told. A row per change of price, never per edit; a deleted
 * product's rows go with it. Existing products start with their current price since their creation.
 *
 * Sale lines keep `catalogue_price` (the price in effect at the sale, beside an override's price,
 * for the exceptions report) and `label_code` (the price-embedded label whose price the server read).
 *
 * On PostgreSQL the trigger only touches the same store's rows of a table co-located with
 * `products` (both distributed by store_id), the trigger shape Citus runs on its shards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_prices')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('effective_at', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_prices_pk', ['store_id', 'product_id', 'effective_at'])
    .execute();
  await sql`insert into product_prices (store_id, product_id, effective_at, price)
            select store_id, id, created_at, price from products`.execute(db);
  await db.schema.alterTable('shop_transaction_lines').addColumn('catalogue_price', 'bigint').execute();
  await db.schema.alterTable('shop_transaction_lines').addColumn('label_code', 'text').execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      CREATE FUNCTION shopdesk_product_price_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM product_prices WHERE store_id = OLD.store_id AND product_id = OLD.id;
          RETURN NULL;
        END IF;
        IF TG_OP = 'INSERT' OR NEW.price IS DISTINCT FROM OLD.price THEN
          INSERT INTO product_prices (store_id, product_id, effective_at, price)
          VALUES (NEW.store_id, NEW.id, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE NEW.updated_at END, NEW.price)
          ON CONFLICT (store_id, product_id, effective_at) DO UPDATE SET price = EXCLUDED.price;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price OR DELETE ON products
      FOR EACH ROW EXECUTE FUNCTION shopdesk_product_price_history()`.execute(db);
    return;
  }
  await sql`
    CREATE TRIGGER products_price_inserted AFTER INSERT ON products BEGIN
      INSERT OR REPLACE INTO product_prices (store_id, product_id, effective_at, price)
      VALUES (NEW.store_id, NEW.id, NEW.created_at, NEW.price);
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_price_changed AFTER UPDATE OF price ON products WHEN NEW.price <> OLD.price BEGIN
      INSERT OR REPLACE INTO product_prices (store_id, product_id, effective_at, price)
      VALUES (NEW.store_id, NEW.id, NEW.updated_at, NEW.price);
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_price_deleted AFTER DELETE ON products BEGIN
      DELETE FROM product_prices WHERE store_id = OLD.store_id AND product_id = OLD.id;
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER products_price_history ON products`.execute(db);
    await sql`DROP FUNCTION shopdesk_product_price_history()`.execute(db);
  } else {
    for (const name of ['products_price_inserted', 'products_price_changed', 'products_price_deleted'])
      await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
  }
  await db.schema.alterTable('shop_transaction_lines').dropColumn('label_code').execute();
  await db.schema.alterTable('shop_transaction_lines').dropColumn('catalogue_price').execute();
  await db.schema.dropTable('product_prices').execute();
}
