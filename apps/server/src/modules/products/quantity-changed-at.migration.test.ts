import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shopdesk/shared';
import { knownMigrations, migrateTo } from '../../db/migrate.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { sellForCash } from '../../test/sales.ts';
import { ledgerProblems } from '../stock/index.ts';

const MIGRATION = '202611291800-quantity-changed-at';

/** The store's products as stored, read from the table: while migrated down, the API needs this version's columns. */
async function stored(t: TestApp, storeId: string) {
  const { rows } = await sql<Record<string, unknown>>`
    select * from products where store_id = ${storeId} order by code`.execute(t.db);
  return rows;
}

describe.each(engines)('migration %s: stock times kept apart from edit times', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  const schema = () => t.databaseEnv.DATABASE_SCHEMA || undefined;
  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
  });

  const product = async (code: string) => {
    const res = await t.request<Product>('GET', `/api/secure/product/code/${code}`, { token: u.token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it('goes down and up again keeping every row, its quantity and its version', async () => {
    const sold = await createProduct(t, u, { code: ean13(), quantity: 9 });
    const untouched = await createProduct(t, u, { code: ean13(), quantity: 4 });
    t.clock.advance(60_000);
    await sellForCash(t, u, sold.code);
    const saleTime = (await product(sold.code)).updatedAt;
    expect(saleTime > sold.updatedAt).toBe(true);
    const before = await stored(t, u.store.id);
    expect(before.find((r) => r.code === sold.code)).toMatchObject({
      updated_at: sold.updatedAt,
      quantity_changed_at: saleTime,
    });

    const migrations = await knownMigrations();
    await migrateTo(t.db, migrations[migrations.indexOf(MIGRATION) - 1] as string, schema());
    const down = await stored(t, u.store.id);
    expect(down).toHaveLength(before.length);
    // Before it, a stock change stamped `updated_at`: the sale's time goes back there.
    expect(down.map((r) => [r.code, Number(r.quantity), r.updated_at, 'quantity_changed_at' in r])).toEqual(
      [
        [sold.code, 8, saleTime, false],
        [untouched.code, 4, untouched.updatedAt, false],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await ledgerProblems(t.db, u.store.id)).toEqual({ mismatched: [], orphans: [] });

    await migrateTo(t.db, migrations.at(-1) as string, schema());
    expect(await product(sold.code)).toMatchObject({ quantity: 8, updatedAt: saleTime });
    expect(await product(untouched.code)).toMatchObject({ quantity: 4, updatedAt: untouched.updatedAt });
    // A sale after it (on PostgreSQL through the sale function it made again) stamps the stock time only.
    t.clock.advance(60_000);
    await sellForCash(t, u, sold.code);
    const row = (await stored(t, u.store.id)).find((r) => r.code === sold.code)!;
    expect(Number(row.quantity)).toBe(7);
    expect(row.updated_at).toBe(saleTime);
    expect(String(row.quantity_changed_at) > saleTime).toBe(true);
    expect(await ledgerProblems(t.db, u.store.id)).toEqual({ mismatched: [], orphans: [] });
  }, 60_000);
});
