import { randomUUID } from 'node:crypto';
import type { ShiftReport } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { countOf, enableShifts, sell } from './shifts.test-helpers.ts';

/*
 * Issue 41 ("Till authority"): the count is blind. Before a shift's cash is counted, a member
 * without REPORTS reads no expected cash, nor a figure that gives it away (cash sales and refunds,
 * takings by tender, over or short), from any shift route; after the count the Z report shows them.
 * A member with REPORTS sees them all along.
 */
describe.each(engines)('blind count on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  let manager: TestUser;

  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': owner.store.urlName } });
  const read = (u: TestUser, id: string) => t.request<ShiftReport>('GET', `/api/secure/shop/shift/${id}`, as(u));
  const current = (u: TestUser) =>
    t.request<{ shift: ShiftReport | null }>('GET', '/api/secure/shop/shift/current', as(u));

  /** No number anywhere in the report from which the drawer's expected cash could be worked out. */
  const expectHidden = (report: ShiftReport) => {
    expect(report.cashHidden).toBe(true);
    for (const c of report.cash) {
      expect(c).toMatchObject({ cashSales: null, cashRefunds: null, expected: null, difference: null, counted: null });
    }
    for (const m of report.byMethod) expect(m.amount).toBeNull();
  };

  beforeAll(async () => {
    owner = await createUser(t, { secondCurrency: undefined });
    cashier = await createUser(t);
    manager = await createUser(t);
    // SHIFTS and CASH_MOVES, not REPORTS: the cashier opens, moves cash and closes.
    await addMember(t, owner.store, cashier, 'CASHIER', ['SELL', 'SHIFTS', 'CASH_MOVES']);
    await addMember(t, owner.store, manager, 'MANAGER');
    await enableShifts(t, owner);
  });

  it('hides the expected cash from a SHIFTS-only cashier until the count, on every shift route', async () => {
    const opened = await t.request<ShiftReport>('POST', '/api/secure/shop/shift', {
      ...as(cashier),
      body: { float: [{ currency: 'USD', amount: 10_000 }] },
    });
    expect(opened.status, opened.text).toBe(201);
    expectHidden(opened.body);
    const id = opened.body.id;
    expect((await sell(t, owner, 2_500, { method: 'CASH', currency: 'USD', amount: 2_500 })).status).toBe(201);

    const byId = await read(cashier, id);
    expect(byId.status, byId.text).toBe(200);
    expectHidden(byId.body);
    expect(byId.body.byMethod.map((m) => m.method)).toContain('CASH');
    // What the cashier may know stays: the float they put in, their own moves, the sales count.
    expect(byId.body.cash[0]).toMatchObject({ currency: 'USD', float: 10_000, payIns: 0, payOuts: 0 });
    expect(byId.body.salesCount).toBe(1);
    const open = await current(cashier);
    expect(open.status, open.text).toBe(200);
    expectHidden(open.body.shift!);
    // A pay-in answers the report too: no way round the blind count.
    const moved = await t.request<ShiftReport>('POST', `/api/secure/shop/shift/${id}/cash-move`, {
      ...as(cashier),
      body: { clientId: randomUUID(), kind: 'PAY_IN', currency: 'USD', amount: 1, reason: 'Probe' },
    });
    expect(moved.status, moved.text).toBe(201);
    expectHidden(moved.body);

    // With REPORTS, the manager and the owner see the figures of the open shift.
    for (const u of [manager, owner]) {
      const full = await read(u, id);
      expect(full.status, full.text).toBe(200);
      expect(full.body.cashHidden).toBe(false);
      expect(full.body.cash[0]).toMatchObject({ cashSales: 2_500, cashRefunds: 0, expected: 12_501 });
      expect(full.body.byMethod.find((m) => m.method === 'CASH')?.amount).toBe(2_500);
    }

    // The count entered (closing), the Z report shows what was expected and the difference.
    const closed = await t.request<ShiftReport>('POST', `/api/secure/shop/shift/${id}/close`, {
      ...as(cashier),
      body: { counts: [{ currency: 'USD', denominations: countOf(12_000, 'USD') }] },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.cashHidden).toBe(false);
    expect(closed.body.cash[0]).toMatchObject({ expected: 12_501, counted: 12_000, difference: -501 });
    const z = await read(cashier, id);
    expect(z.body.cashHidden).toBe(false);
    expect(z.body.cash[0]).toMatchObject({ cashSales: 2_500, expected: 12_501, difference: -501 });
    expect(z.body.byMethod.find((m) => m.method === 'CASH')?.amount).toBe(2_500);
  });
});
