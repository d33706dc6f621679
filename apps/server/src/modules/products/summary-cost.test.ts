import type { ProductSummary } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

/*
 * A cashier's home shows no stock value at cost (issue 41): the server sends the value at cost only
 * to a member with REPORTS or PRODUCTS (seesCost in packages/shared staff.ts), null to anyone else;
 * the other figures are everyone's.
 */
describe.each(engines)('stock value at cost in the summary, on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  const people: Record<'manager' | 'cashier' | 'reports' | 'products', TestUser> = {} as never;

  beforeAll(async () => {
    owner = await createUser(t);
    for (const who of ['manager', 'cashier', 'reports', 'products'] as const) people[who] = await createUser(t);
    await addMember(t, owner.store, people.manager, 'MANAGER');
    await addMember(t, owner.store, people.cashier, 'CASHIER');
    await addMember(t, owner.store, people.reports, 'CASHIER', ['SELL', 'REPORTS']);
    await addMember(t, owner.store, people.products, 'CASHIER', ['SELL', 'PRODUCTS']);
    await createProduct(t, owner, { name: 'Rice', price: 300, cost: 200, quantity: 5 });
    await createProduct(t, owner, { name: 'Miso', price: 150, cost: 90, quantity: 2 });
  });

  const summaryOf = async (user: TestUser) => {
    const res = await t.request<ProductSummary>('GET', '/api/secure/product/summary', {
      token: user.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  const full = { productCount: 2, stockValueAtCost: 5 * 200 + 2 * 90, stockValueAtPrice: 5 * 300 + 2 * 150 };

  it('sends the value at cost to the owner and to members with REPORTS or PRODUCTS', async () => {
    for (const user of [owner, people.manager, people.reports, people.products]) {
      expect(await summaryOf(user)).toMatchObject(full);
    }
  });

  it('sends a cashier no value at cost, and every other figure', async () => {
    const summary = await summaryOf(people.cashier);
    expect(summary).toEqual({ ...full, stockValueAtCost: null, lowStockCount: summary.lowStockCount });
    expect(JSON.stringify(summary)).not.toContain(String(full.stockValueAtCost));
  });
});
