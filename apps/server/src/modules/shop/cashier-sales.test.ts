import { randomUUID } from 'node:crypto';
import type { ShiftReport, ShopTransaction, TransactionWindow } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../lib/clock.ts';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

/*
 * A member without REPORTS lists only their own sales of the open shift, or, in a store without
 * shifts, their own sales of today in the store's time zone (product.md §2); a member with
 * REPORTS and the owner list every sale.
 */
describe.each(engines)('sales a member without REPORTS sees, on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let other: TestUser;
  let tea: string;
  beforeAll(async () => {
    [owner, manager, cashier, other] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, other, 'CASHIER');
    // A product: an open-price item needs OPEN_PRICE, which a cashier lacks.
    tea = (await createProduct(t, owner, { name: 'Tea', price: 250, quantity: 1000 })).code;
  });

  const as = (user: TestUser) => ({ token: user.token, headers: { 'x-store': owner.store.urlName } });

  async function sell(user: TestUser): Promise<ShopTransaction> {
    const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      ...as(user),
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: tea, quantity: 1 }],
        payment: { method: 'CASH', currency: 'USD', amount: 250 },
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  /** The codes of the sales `user` lists for the store's today ± a month (by-date) and this month (by-month). */
  async function listed(user: TestUser): Promise<string[]> {
    const today = t.clock.now().toISOString().slice(0, 10);
    const from = new Date(t.clock.now().getTime() - 30 * DAY).toISOString().slice(0, 10);
    const to = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    const byDate = await t.request<TransactionWindow>(
      'GET',
      `/api/secure/shop/transaction/range/by-date?from=${from}&to=${to}&size=100`,
      as(user),
    );
    expect(byDate.status, byDate.text).toBe(200);
    expect(byDate.body.total).toBe(byDate.body.items.length);
    const byMonth = await t.request<TransactionWindow>(
      'GET',
      `/api/secure/shop/transaction/range/by-month?month=${today.slice(0, 7)}&size=100`,
      as(user),
    );
    expect(byMonth.status, byMonth.text).toBe(200);
    const codes = byDate.body.items.map((s) => s.code).sort();
    // The month's list holds no sale the dates' list hides (it may miss those of another month).
    expect(byMonth.body.items.every((s) => codes.includes(s.code))).toBe(true);
    return codes;
  }

  async function setShifts(on: boolean): Promise<void> {
    const res = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}/sale-settings`, {
      token: owner.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: on },
    });
    expect(res.status, res.text).toBe(200);
  }

  async function openShift(): Promise<ShiftReport> {
    const res = await t.request<ShiftReport>('POST', '/api/secure/shop/shift', {
      ...as(cashier),
      body: { float: [{ currency: 'USD', amount: 1000 }] },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  async function closeShift(shift: ShiftReport): Promise<void> {
    const res = await t.request('POST', `/api/secure/shop/shift/${shift.id}/close`, {
      ...as(cashier),
      body: { counts: shift.cash.map((c) => ({ currency: c.currency, denominations: [] })) },
    });
    expect(res.status, res.text).toBe(200);
  }

  it('shows a cashier only their own sales of the open shift, and everyone else all of them', async () => {
    await setShifts(true);
    const first = await openShift();
    const [mine, owners, others] = [await sell(cashier), await sell(owner), await sell(other)];
    expect(await listed(cashier)).toEqual([mine.code]);
    expect(await listed(other)).toEqual([others.code]);
    const all = [mine.code, owners.code, others.code].sort();
    expect(await listed(manager)).toEqual(all);
    expect(await listed(owner)).toEqual(all);

    await closeShift(first);
    expect(await listed(cashier), 'no shift open: nothing').toEqual([]);
    await openShift();
    const next = await sell(cashier);
    expect(await listed(cashier), 'the earlier shift is gone from view').toEqual([next.code]);
    expect(await listed(manager)).toEqual([...all, next.code].sort());
    // Reading one sale by its code (its receipt is public anyway) is not narrowed.
    const read = await t.request('GET', `/api/secure/shop/transaction/${owners.code}`, as(cashier));
    expect(read.status, read.text).toBe(200);
  });

  it("without shifts, shows a cashier only their own sales of the store's today", async () => {
    const shift = await t.request<{ shift: ShiftReport | null }>('GET', '/api/secure/shop/shift/current', as(cashier));
    if (shift.body.shift) await closeShift(shift.body.shift);
    await setShifts(false);
    const everything = await listed(manager);
    // The cashier's sales of the first test were made today too.
    const earlier = await listed(cashier);
    expect(earlier).toHaveLength(2);
    const today = await sell(cashier);
    await sell(other);
    expect(await listed(cashier)).toEqual([...earlier, today.code].sort());
    t.clock.advance(DAY + 1000);
    const tomorrow = await sell(cashier);
    expect(await listed(cashier), "yesterday's sale is gone from view").toEqual([tomorrow.code]);
    expect((await listed(manager)).length).toBe(everything.length + 3);
  });
});
