import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { approveOn, makeTill, onTill, setOwnPin, unlockOn } from '../../test/till-world.ts';
import { closeShift, countOf, enableShifts, openShift, readShift, refundAll, sell } from './shifts.test-helpers.ts';

/*
 * The X and Z reports by cashier: the shift's sales and refunds per who rang them up, live while it
 * is open and frozen with the Z report.
 */
describe.each(engines)('shift report by cashier on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  beforeAll(async () => {
    owner = await createUser(t, { name: 'Olive Owner', secondCurrency: undefined });
    cashier = await createUser(t, { name: 'Cass Cashier' });
    await addMember(t, owner.store, cashier, 'CASHIER');
    await enableShifts(t, owner);
  });

  it('breaks the X report down by cashier and freezes it in the Z report', async () => {
    const shift = await openShift(t, owner, [{ currency: 'USD', amount: 0 }]);
    expect(shift.status, shift.text).toBe(201);
    const cash = (amount: number) => ({ method: 'CASH', currency: 'USD', amount });
    const a = await sell(t, owner, 500, cash(500));
    const b = await sell(t, owner, 300, cash(300));
    expect([a.status, b.status]).toEqual([201, 201]);
    // The sale route is the owner's until its permission is declared (another branch): this sale
    // is handed to the cashier, as if they had rung it up.
    await t.db
      .updateTable('shop_transactions')
      .set({ user_id: cashier.user.userId })
      .where('code', '=', b.body.code)
      .execute();
    expect((await refundAll(t, owner, a.body.code)).status).toBe(201);

    const x = await readShift(t, owner, shift.body.id);
    const expected = [
      {
        userId: cashier.user.userId,
        name: 'Cass Cashier',
        salesCount: 1,
        salesTotal: 300,
        refundsCount: 0,
        refundsTotal: 0,
      },
      {
        userId: owner.user.userId,
        name: 'Olive Owner',
        salesCount: 1,
        salesTotal: 500,
        refundsCount: 1,
        refundsTotal: 500,
      },
    ];
    expect(x.body.byCashier).toEqual(expected);

    const closed = await closeShift(t, owner, shift.body.id, [{ currency: 'USD', denominations: countOf(300, 'USD') }]);
    expect(closed.status, closed.text).toBe(200);
    // Renaming a member later leaves the closed report as it was.
    await t.db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', cashier.user.userId).execute();
    const z = await readShift(t, owner, shift.body.id);
    expect(z.body.status).toBe('CLOSED');
    expect(z.body.byCashier).toEqual(expected);
  });

  it('on a till, a pay-out by a cashier without CASH_MOVES needs an approver, and both are recorded', async () => {
    const manager = await createUser(t, { name: 'Mia Manager' });
    await addMember(t, owner.store, manager, 'MANAGER');
    const shift = await openShift(t, owner, [{ currency: 'USD', amount: 10_000 }]);
    expect(shift.status, shift.text).toBe(201);
    await setOwnPin(t, owner, manager, '246810');
    await setOwnPin(t, owner, cashier, '135790');
    const till = await makeTill(t, owner);
    const asCashier = await unlockOn(t, till, cashier, '135790');
    const payOut = (extra: Record<string, unknown>) =>
      onTill(t, till, 'POST', `/api/secure/shop/shift/${shift.body.id}/cash-move`, asCashier, {
        body: {
          clientId: randomUUID(),
          kind: 'PAY_OUT',
          currency: 'USD',
          amount: 1500,
          reason: 'Window cleaner',
          ...extra,
        },
      });
    const refused = await payOut({});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      details: [{ field: 'permission', message: 'CASH_MOVES' }],
    });
    const clientId = randomUUID();
    const approved = await payOut({
      clientId,
      approval: await approveOn(t, till, manager, '246810', 'CASH_MOVES', clientId),
    });
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body.moves).toHaveLength(1);
    const move = await t.db
      .selectFrom('shift_cash_moves')
      .where('store_id', '=', owner.store.id)
      .where('shift_id', '=', shift.body.id)
      .select(['user_id'])
      .executeTakeFirstOrThrow();
    expect(move.user_id).toBe(cashier.user.userId);
    const log = await t.request(
      'GET',
      `/api/secure/virtual-store/${owner.store.urlName}/audit/window/0/10?action=CASH_MOVE`,
      { token: owner.token },
    );
    expect(log.status, log.text).toBe(200);
    expect(log.body.items[0]).toMatchObject({
      userId: cashier.user.userId,
      approvedBy: manager.user.userId,
      approvedByName: 'Mia Manager',
    });
  });

  it('on a till, the member unlocked there opens and closes the shift, and the Z report names them', async () => {
    const lead = await createUser(t, { name: 'Lena Lead' });
    await addMember(t, owner.store, lead, 'MANAGER');
    // The test before leaves its shift open: counted (short) and closed first.
    const current = await t.request('GET', '/api/secure/shop/shift/current', { token: owner.token });
    if (current.body.shift) {
      const counts = [{ currency: 'USD', denominations: countOf(0, 'USD') }];
      expect((await closeShift(t, owner, current.body.shift.id, counts)).status).toBe(200);
    }
    await setOwnPin(t, owner, lead, '864200');
    const till = await makeTill(t, owner, 'Till 2');
    const asLead = await unlockOn(t, till, lead, '864200');
    const opened = await onTill(t, till, 'POST', '/api/secure/shop/shift', asLead, {
      body: { float: [{ currency: 'USD', amount: 0 }] },
    });
    expect(opened.status, opened.text).toBe(201);
    const closed = await onTill(t, till, 'POST', `/api/secure/shop/shift/${opened.body.id}/close`, asLead, {
      body: { counts: [{ currency: 'USD', denominations: countOf(0, 'USD') }] },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ openedBy: 'Lena Lead', closedBy: 'Lena Lead' });
    const row = await t.db
      .selectFrom('shifts')
      .where('store_id', '=', owner.store.id)
      .where('id', '=', opened.body.id)
      .select(['opened_by', 'closed_by'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ opened_by: lead.user.userId, closed_by: lead.user.userId });
  });
});
