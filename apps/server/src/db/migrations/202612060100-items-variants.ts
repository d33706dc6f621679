import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Items and variants (product.md §4 Item and Variant, §5 "Variants"). A product row is a variant:
 * it keeps its code (barcode), price, cost, stock, ledger, tax rate, unit and every line that
 * names it, so today's routes, CSV files, labels and receipts keep working unchanged. An item
 * groups its variants and holds up to 3 options (e.g. Size, Colour) with their values.
 *
 * - `items`: name, brand, description, category, image, `options` (JSON `[{name, values[]}]`,
 *   values in the owner's order), `handle` (the CSV's item handle; null until one is given or
 *   generated for an item with options).
 * - `products.item_id`: the item it belongs to. A product without options is an item of its own
 *   whose id is the product's id; every existing product becomes one here, keeping its id.
 * - `products.option_values`: JSON array, one value per option of its item, in the options' order.
 * - `products.variant_position`: its place among its item's variants; `retired_at`: a retired
 *   variant is offered nowhere new (picker, item editor's active list) but keeps its history,
 *   stock and barcode.
 *
 * Items of their own (no options) mirror their only product's name, brand, description, category
 * and image, kept by triggers on `products` as the price history is (migration 202612051400), so
 * every path that creates, edits or deletes a product (the form, the import, a cargo's new
 * products, and any later one) keeps its item without being told. An item with options is written
 * by the items service, which names its variants "Name (Value, Value)".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('items')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('handle', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('items_pkey', ['store_id', 'id'])
    .execute();
  await db.schema
    .createIndex('items_store_handle_unique')
    .on('items')
    .columns(['store_id', 'handle'])
    .unique()
    .execute();
  await db.schema.createIndex('items_store_name_idx').on('items').columns(['store_id', 'name_key', 'id']).execute();

  await db.schema.alterTable('products').addColumn('item_id', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('option_values', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('variant_position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('products').addColumn('retired_at', 'text').execute();
  await sql`update products set item_id = id`.execute(db);
  await sql`insert into items (store_id, id, handle, name, name_key, brand, description, category, image_id, options, created_at, updated_at)
            select store_id, id, null, name, name_key, brand, description, category, image_id, '[]', created_at, updated_at from products`.execute(
    db,
  );
  await db.schema
    .createIndex('products_store_item_idx')
    .on('products')
    .columns(['store_id', 'item_id', 'variant_position', 'id'])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE products ALTER COLUMN item_id SET NOT NULL`.execute(db);
    await sql`
      CREATE FUNCTION shopdesk_product_item() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM items WHERE store_id = OLD.store_id AND id = OLD.item_id
            AND NOT EXISTS (SELECT 1 FROM products WHERE store_id = OLD.store_id AND item_id = OLD.item_id);
          RETURN NULL;
        END IF;
        IF TG_OP = 'INSERT' THEN
          IF NEW.item_id = NEW.id THEN
            INSERT INTO items (store_id, id, handle, name, name_key, brand, description, category, image_id, options, created_at, updated_at)
            VALUES (NEW.store_id, NEW.id, NULL, NEW.name, NEW.name_key, NEW.brand, NEW.description, NEW.category, NEW.image_id, '[]', NEW.created_at, NEW.updated_at)
            ON CONFLICT (store_id, id) DO NOTHING;
          END IF;
          RETURN NULL;
        END IF;
        UPDATE items SET name = NEW.name, name_key = NEW.name_key, brand = NEW.brand, description = NEW.description,
          category = NEW.category, image_id = NEW.image_id, updated_at = NEW.updated_at
          WHERE store_id = NEW.store_id AND id = NEW.item_id AND options = '[]';
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER products_item AFTER INSERT OR DELETE OR UPDATE OF name, brand, description, category, image_id ON products
      FOR EACH ROW EXECUTE FUNCTION shopdesk_product_item()`.execute(db);
    return;
  }
  await sql`
    CREATE TRIGGER products_item_inserted AFTER INSERT ON products WHEN NEW.item_id = NEW.id BEGIN
      INSERT OR IGNORE INTO items (store_id, id, handle, name, name_key, brand, description, category, image_id, options, created_at, updated_at)
      VALUES (NEW.store_id, NEW.id, NULL, NEW.name, NEW.name_key, NEW.brand, NEW.description, NEW.category, NEW.image_id, '[]', NEW.created_at, NEW.updated_at);
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_item_changed AFTER UPDATE OF name, brand, description, category, image_id ON products BEGIN
      UPDATE items SET name = NEW.name, name_key = NEW.name_key, brand = NEW.brand, description = NEW.description,
        category = NEW.category, image_id = NEW.image_id, updated_at = NEW.updated_at
        WHERE store_id = NEW.store_id AND id = NEW.item_id AND options = '[]';
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_item_deleted AFTER DELETE ON products BEGIN
      DELETE FROM items WHERE store_id = OLD.store_id AND id = OLD.item_id
        AND NOT EXISTS (SELECT 1 FROM products WHERE store_id = OLD.store_id AND item_id = OLD.item_id);
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER products_item ON products`.execute(db);
    await sql`DROP FUNCTION shopdesk_product_item()`.execute(db);
  } else {
    for (const name of ['products_item_inserted', 'products_item_changed', 'products_item_deleted'])
      await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropIndex('products_store_item_idx').execute();
  for (const column of ['retired_at', 'variant_position', 'option_values', 'item_id'])
    await db.schema.alterTable('products').dropColumn(column).execute();
  await db.schema.dropTable('items').execute();
}
