import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cargo, Item, Product, ShopTransaction } from '@shopdesk/shared';
import { knownMigrations, migrateTo } from '../../db/migrate.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { sellForCash } from '../../test/sales.ts';

const MIGRATION = '202612060100-items-variants';
const COUNTED = [
  'products',
  'stock_movements',
  'shop_transactions',
  'shop_transaction_lines',
  'cargos',
  'cargo_contents',
];

async function rowCounts(t: TestApp, storeId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from ${sql.table(table)} where store_id = ${storeId}`.execute(t.db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

async function tableExists(t: TestApp, name: string): Promise<boolean> {
  const tables = await t.db.introspection.getTables();
  return tables.some((table) => table.name === name);
}

/**
 * A database of the release before items (product.md §4 Item and Variant): made by the API of
 * today, then migrated down to the migration before items, which leaves the previous release's
 * schema with its rows; a product is also written there by SQL in that schema's columns. Then
 * migrated to the latest: nothing is lost, every product is an item of its own with its id, and
 * the routes of the previous release still answer.
 */
describe.each(engines)('migration %s: every product becomes an item of its own', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  const schema = () => t.databaseEnv.DATABASE_SCHEMA || undefined;
  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
  });
  const as = () => ({ token: u.token });

  it('keeps every row, its stock and its history, and the old routes answer', async () => {
    const tea = await createProduct(t, u, { code: ean13(), name: 'Green tea', quantity: 20, price: 300 });
    const mug = await createProduct(t, u, { code: ean13(), name: 'Mug', brand: 'Clay', quantity: 5, price: 1200 });
    t.clock.advance(1000);
    const sale = await sellForCash(t, u, tea.code, 4);
    t.clock.advance(1000);
    const refund = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${sale.code}/refund`, {
      token: u.token,
      body: { clientId: randomUUID(), lines: [{ lineId: sale.lines[0]!.id, quantity: 1 }], restock: true },
    });
    expect(refund.status, refund.text).toBe(201);
    t.clock.advance(1000);
    const counted = await t.request('POST', `/api/secure/product/code/${mug.code}/adjust`, {
      ...as(),
      body: { countedQuantity: 3, reason: 'COUNT' },
    });
    expect(counted.status, counted.text).toBe(200);
    // A cargo whose arrival adds to the tea and creates a product from a new code.
    const newCode = ean13();
    const cargo = await t.request<Cargo>('POST', '/api/secure/cargo/new', {
      ...as(),
      body: {
        name: 'Weekly delivery',
        contents: [
          { code: tea.code, name: 'Green tea', quantity: 6, price: 300 },
          { code: newCode, name: 'Oolong', quantity: 8, price: 450 },
        ],
      },
    });
    expect(cargo.status, cargo.text).toBe(201);
    t.clock.advance(1000);
    const arrived = await t.request('POST', '/api/secure/cargo/arrived', { ...as(), body: { code: cargo.body.code } });
    expect(arrived.status, arrived.text).toBe(200);

    const migrations = await knownMigrations();
    await migrateTo(t.db, migrations[migrations.indexOf(MIGRATION) - 1] as string, schema());
    expect(await tableExists(t, 'items')).toBe(false);

    // A product written as the previous release wrote one: its columns only, with its opening stock.
    const { rows: columns } = await sql<Record<string, unknown>>`
      select * from products where store_id = ${u.store.id} and code = ${mug.code}`.execute(t.db);
    const oldRow = columns[0]!;
    expect(Object.keys(oldRow)).not.toContain('item_id');
    const sqlCode = ean13();
    const sqlId = randomUUID();
    await t.db
      .insertInto('products')
      .values({
        ...oldRow,
        id: sqlId,
        code: sqlCode,
        name: 'Written by SQL',
        name_key: 'written by sql',
        search: `${sqlCode}\nwritten by sql\nclay`,
        quantity: 2,
        reorder_level: null,
        quantity_changed_at: null,
      } as never)
      .execute();
    const { rows: movement } = await sql<Record<string, unknown>>`
      select * from stock_movements where store_id = ${u.store.id} and product_id = ${mug.id} and reason = 'ADJUSTMENT'`.execute(
      t.db,
    );
    await t.db
      .insertInto('stock_movements')
      .values({ ...movement[0]!, id: randomUUID(), product_id: sqlId, delta: 2 } as never)
      .execute();
    await expectLedgerConsistent(t, u.store.id);
    const before = await rowCounts(t, u.store.id);
    const { rows: productsBefore } = await sql<{ id: string; name: string; quantity: number }>`
      select id, name, quantity from products where store_id = ${u.store.id} order by id`.execute(t.db);
    expect(productsBefore).toHaveLength(4);

    await migrateTo(t.db, migrations.at(-1) as string, schema());

    expect(await rowCounts(t, u.store.id)).toEqual(before);
    const { rows: joined } = await sql<{ id: string; item: string | null; name: string; item_name: string | null }>`
      select p.id, i.id as item, p.name, i.name as item_name, i.options, p.option_values, p.variant_position, p.retired_at
      from products p left join items i on i.store_id = p.store_id and i.id = p.item_id
      where p.store_id = ${u.store.id} order by p.id`.execute(t.db);
    expect(joined).toEqual(
      productsBefore.map((p) => ({
        id: p.id,
        item: p.id,
        name: p.name,
        item_name: p.name,
        options: '[]',
        option_values: '[]',
        variant_position: 0,
        retired_at: null,
      })),
    );
    const { rows: items } = await sql<{ n: number }>`
      select count(*) as n from items where store_id = ${u.store.id}`.execute(t.db);
    expect(Number(items[0]!.n)).toBe(productsBefore.length);
    await expectLedgerConsistent(t, u.store.id);

    // The previous release's routes answer for the same products, sales and cargo.
    const expected = new Map([
      [tea.code, 20 - 4 + 1 + 6],
      [mug.code, 3],
      [newCode, 8],
      [sqlCode, 2],
    ]);
    for (const [code, quantity] of expected) {
      const res = await t.request<Product>('GET', `/api/secure/product/code/${code}`, as());
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ code, quantity, optionValues: [], retired: false });
      expect(res.body.itemId).toBe(res.body.id);
      const item = await t.request<Item>('GET', `/api/secure/item/${res.body.id}`, as());
      expect(item.status, item.text).toBe(200);
      expect(item.body).toMatchObject({ id: res.body.id, name: res.body.name, options: [], handle: null });
      expect(item.body.variants).toEqual([res.body]);
    }
    const read = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${sale.code}`, as());
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ status: 'PARTIALLY_REFUNDED', total: sale.total });
    expect(read.body.lines[0]).toMatchObject({ productId: tea.id, code: tea.code, quantity: 4, refundedQuantity: 1 });
    const receipt = await t.request('GET', `/api/public/receipt/${sale.code}`);
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.text).toContain('Green tea');
    const cargoRead = await t.request<Cargo>('GET', `/api/secure/cargo/code/${cargo.body.code}`, as());
    expect(cargoRead.body).toMatchObject({ status: 'ARRIVED', code: cargo.body.code });
    const movements = await t.request('GET', `/api/secure/product/code/${tea.code}/movements`, as());
    expect((movements.body.items as { reason: string }[]).map((m) => m.reason)).toEqual([
      'CARGO_ARRIVAL',
      'REFUND',
      'SALE',
      'ADJUSTMENT',
    ]);
    const folded = await t.request('GET', '/api/secure/item/search/window/0/20', as());
    expect(folded.body.total).toBe(productsBefore.length);

    // Life goes on: a migrated product sells, and its item takes options.
    await sellForCash(t, u, mug.code, 1);
    const withOptions = await t.request<Item>('PUT', `/api/secure/item/${mug.id}`, {
      ...as(),
      body: {
        name: 'Mug',
        brand: 'Clay',
        options: [{ name: 'Colour', values: ['White', 'Blue'] }],
        variants: [
          { id: mug.id, optionValues: ['White'], price: 1200 },
          { optionValues: ['Blue'], price: 1200, quantity: 4 },
        ],
      },
    });
    expect(withOptions.status, withOptions.text).toBe(200);
    expect(withOptions.body.variants.map((v) => [v.code === mug.code, v.quantity])).toEqual([
      [true, 2],
      [false, 4],
    ]);
    await expectLedgerConsistent(t, u.store.id);
  }, 120_000);
});
