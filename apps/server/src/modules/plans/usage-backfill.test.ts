import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../db/migrations/202611271300-free-tier-usage.ts';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, createStore, storeHeader } from '../../test/products.ts';

/**
 * Migration 202611271300 fills the free-tier counters from the real rows, so owners who had data
 * before it are limited exactly from the first create after the upgrade.
 */
describe.each(engines)('the free-tier counters backfill on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '5' });

  it('counts products and cargos across the stores, and completed sales per month, not parked carts', async () => {
    const u = await createUser(t, { secondCurrency: null });
    const other = await createUser(t, { secondCurrency: null });
    const branch = await createStore(t, u);
    const tea = await createProduct(t, u, { price: 100, quantity: 50 });
    await createProduct(t, u, {}, branch);
    await createProduct(t, u, {}, branch);
    await createProduct(t, other);
    for (const headers of [storeHeader(), storeHeader(branch)]) {
      const cargo = await t.request('POST', '/api/secure/cargo/new', {
        token: u.token,
        headers,
        body: { name: 'Box', origin: 'Port' },
      });
      expect(cargo.status, cargo.text).toBe(201);
    }
    const sale = (status: 'COMPLETED' | 'PARKED') =>
      t.request('POST', '/api/secure/shop/transaction', {
        token: u.token,
        body: {
          clientId: randomUUID(),
          status,
          lines: [{ code: tea.code, quantity: 1 }],
          ...(status === 'COMPLETED' ? { payment: { method: 'CASH', currency: 'USD', amount: 100 } } : {}),
        },
      });
    for (const status of ['COMPLETED', 'COMPLETED', 'PARKED'] as const) expect((await sale(status)).status).toBe(201);

    await t.db.schema.dropTable('free_tier_usage').execute();
    await up(t.db as unknown as Kysely<unknown>);
    const usage = async (ownerId: string) =>
      (
        await t.db
          .selectFrom('free_tier_usage')
          .select(['kind', 'period', 'used'])
          .where('owner_id', '=', ownerId)
          .orderBy('kind')
          .execute()
      ).map((r) => ({ ...r, used: Number(r.used) }));
    const month = (
      await t.db
        .selectFrom('shop_transactions')
        .select('business_date')
        .where('store_id', '=', u.store.id)
        .executeTakeFirstOrThrow()
    ).business_date.slice(0, 7);
    expect(await usage(u.user.userId)).toEqual([
      { kind: 'cargos', period: '', used: 2 },
      { kind: 'products', period: '', used: 3 },
      { kind: 'transactions', period: month, used: 2 },
    ]);
    expect(await usage(other.user.userId)).toEqual([{ kind: 'products', period: '', used: 1 }]);
    // Exact from there: two more products fit, the third does not.
    await createProduct(t, u);
    await createProduct(t, u);
    const refused = await t.request('POST', '/api/secure/product', {
      token: u.token,
      body: { code: `X-${randomUUID().slice(0, 8)}`, name: 'One too many', price: 1, quantity: 0 },
    });
    expect(refused.status, refused.text).toBe(402);
  });
});
