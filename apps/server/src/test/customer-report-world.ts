import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { addMember, createUser, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';
import { attachCustomer, insertCustomer, ledgerEntry } from './loyalty-rows.ts';
import { productBody } from './products.ts';

const DAY = 86_400_000;
const TZ = 'Asia/Tokyo';
/** The store's day (YYYY-MM-DD) of an instant, in Tokyo, 9 hours ahead of UTC. */
export const tokyoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(d);

export interface CustomerReportWorld {
  owner: TestUser;
  manager: TestUser;
  cashier: TestUser;
  stranger: TestUser;
  /** A day with A's first sale; the report's day two days later; a day two days after that. */
  before: string;
  day: string;
  after: string;
  customers: Record<'a' | 'b' | 'c' | 'd', { id: string; code: string; name: string }>;
  saleCodes: { aFirst: string; aDay: string; bCashier: string };
}

/**
 * A Tokyo store with customers and points over three days (see the report tests for the figures):
 * A bought before the period (so returns in it) and had that sale refunded in it; B buys twice in
 * it (new), once through the cashier redeeming more than the balance offline; C only had points
 * adjusted by the owner; D's points were kept when D was anonymised, before the period's end.
 */
export async function customerReportWorld(t: TestApp): Promise<CustomerReportWorld> {
  const [owner, manager, cashier, stranger] = [
    await createUser(t, { name: 'Olive Owner', timezone: TZ }),
    await createUser(t, { name: 'Mona Manager' }),
    await createUser(t, { name: 'Cass Cashier' }),
    await createUser(t),
  ];
  await addMember(t, owner.store, manager, 'MANAGER');
  await addMember(t, owner.store, cashier, 'CASHIER');
  const storeId = owner.store.id;
  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': owner.store.urlName } });
  const settings = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}/sale-settings`, {
    token: owner.token,
    body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: false },
  });
  expect(settings.status, settings.text).toBe(200);
  const product = await t.request('POST', '/api/secure/product', {
    ...as(owner),
    body: productBody({ code: 'CR-1', name: 'Hojicha', price: 100, quantity: 1000 }),
  });
  expect(product.status, product.text).toBe(201);
  // A point is worth 2 minor units here (the loyalty settings route is another branch's).
  await t.db
    .updateTable('stores')
    .set({ loyalty_enabled: 1, loyalty_point_value: 2 })
    .where('id', '=', storeId)
    .execute();

  const sell = async (u: TestUser, amount: number) => {
    t.clock.advance(60_000);
    const res = await t.request('POST', '/api/secure/shop/transaction', {
      ...as(u),
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: 'CR-1', quantity: amount / 100 }],
        payment: { method: 'CASH', currency: 'USD', amount },
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.code as string;
  };
  const person = (code: string, name: string) => ({ code, name });
  const customers = {
    a: { id: '', ...person('M0000000001', 'Aiko Abe') },
    b: { id: '', ...person('M0000000002', 'Ben Brown') },
    c: { id: '', ...person('M0000000003', 'Chie Chiba') },
    d: { id: '', ...person('M0000000004', '') },
  };
  const now = () => t.clock.now().toISOString();

  const before = tokyoDay(t.clock.now());
  for (const key of ['a', 'b', 'c'] as const) customers[key].id = await insertCustomer(t, storeId, customers[key]);
  const aFirst = await sell(owner, 1000);
  await attachCustomer(t, storeId, aFirst, customers.a, { earned: 10 });
  customers.d.id = await insertCustomer(t, storeId, { ...customers.d, deletedAt: now() });
  await ledgerEntry(t, storeId, customers.d.id, 'EARN', 50, now());

  t.clock.advance(2 * DAY);
  const day = tokyoDay(t.clock.now());
  const aDay = await sell(owner, 2000);
  await attachCustomer(t, storeId, aDay, customers.a, { earned: 20, redeemed: 5, discount: 10 });
  await attachCustomer(t, storeId, await sell(owner, 500), customers.b, { earned: 5 });
  const bCashier = await sell(cashier, 700);
  await attachCustomer(t, storeId, bCashier, customers.b, { earned: 7, redeemed: 3, discount: 6, overdrawn: true });
  await sell(owner, 300);
  t.clock.advance(60_000);
  const refund = await t.request('POST', `/api/secure/shop/transaction/${aFirst}/refund`, {
    ...as(owner),
    body: { clientId: randomUUID() },
  });
  expect(refund.status, refund.text).toBe(201);
  await ledgerEntry(t, storeId, customers.a.id, 'REVERSE', -10, now());
  t.clock.advance(60_000);
  await ledgerEntry(t, storeId, customers.c.id, 'ADJUST', 100, now(), {
    userId: owner.user.userId,
    note: 'Welcome gift',
  });
  await ledgerEntry(t, storeId, customers.a.id, 'EXPIRE', -2, now());

  t.clock.advance(2 * DAY);
  const after = tokyoDay(t.clock.now());
  await attachCustomer(t, storeId, await sell(owner, 900), customers.b, { earned: 9 });
  return { owner, manager, cashier, stranger, before, day, after, customers, saleCodes: { aFirst, aDay, bCashier } };
}
