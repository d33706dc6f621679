import { randomUUID } from 'node:crypto';
import { parseCsvRows, type ExceptionMember, type ExceptionRow, type ExceptionTotal } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { productBody } from '../../test/products.ts';
import { approveOn, makeTill, onTill, setOwnPin, unlockOn, type TestTill } from '../../test/till-world.ts';

/*
 * The exceptions report (issue 41): overrides, discounts, approvals, refunds, voided held carts,
 * no-sales and cash moves of a period, made through the API on a till (the cashier unlocked on it,
 * with another member's approval given by their PIN), by member and by till with totals; a cashier without
 * REPORTS gets their own rows; the period is bounded; the CSV has the same rows.
 */
describe.each(engines)('exceptions report on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let stranger: TestUser;
  let day: string;
  let overriddenCode: string;
  let heldCode: string;
  let till: TestTill;

  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': owner.store.urlName } });
  const report = (u: TestUser, from = day, to = day) =>
    t.request('GET', `/api/secure/report/exceptions?from=${from}&to=${to}`, as(u));
  const csv = (u: TestUser, from = day, to = day) =>
    t.request('GET', `/api/secure/report/exceptions.csv?from=${from}&to=${to}`, as(u));
  const later = () => t.clock.advance(60_000);

  beforeAll(async () => {
    [owner, manager, cashier, stranger] = [
      await createUser(t, { name: 'Olive Owner' }),
      await createUser(t, { name: 'Mona Manager' }),
      await createUser(t, { name: 'Cass Cashier' }),
      await createUser(t),
    ];
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    const settings = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}/sale-settings`, {
      token: owner.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
    });
    expect(settings.status, settings.text).toBe(200);
    const product = await t.request('POST', '/api/secure/product', {
      ...as(owner),
      body: productBody({ code: 'EXC-1', name: 'Sencha', price: 1000, quantity: 10 }),
    });
    expect(product.status, product.text).toBe(201);
    day = t.clock.now().toISOString().slice(0, 10);
    const PIN = { owner: '909090', manager: '246810', cashier: '135790' };
    await setOwnPin(t, owner, owner, PIN.owner);
    await setOwnPin(t, owner, manager, PIN.manager);
    await setOwnPin(t, owner, cashier, PIN.cashier);
    till = await makeTill(t, owner, 'Front till');
    const asCashier = await unlockOn(t, till, cashier, PIN.cashier);
    /** The cashier on the till, with the approval `by` gives with their PIN for the action `clientId`. */
    const cashierAction = async (method: string, path: string, body: Record<string, unknown>, by?: TestUser) => {
      const clientId = (body.clientId as string | undefined) ?? randomUUID();
      const pin = by === owner ? PIN.owner : PIN.manager;
      const permission = path.endsWith('/refund')
        ? 'REFUND'
        : path.endsWith('/void')
          ? 'VOID_PARKED'
          : path.endsWith('/no-sale')
            ? 'NO_SALE'
            : 'PRICE_OVERRIDE';
      const approval = by ? await approveOn(t, till, by, pin, permission, clientId) : undefined;
      return onTill(t, till, method, path, asCashier, { body: { ...body, ...(approval ? { approval } : {}) } });
    };

    // The cashier sells at 7.00 instead of 10.00 with 1.00 off the cart: both beyond their rights,
    // so the manager approves with their PIN.
    later();
    const overridden = await cashierAction(
      'POST',
      '/api/secure/shop/transaction',
      {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: 'EXC-1', unitPrice: 700, priceOverride: true, quantity: 1 }],
        discount: { kind: 'AMOUNT', amount: 100 },
        payment: { method: 'CASH', currency: 'USD', amount: 600 },
      },
      manager,
    );
    expect(overridden.status, overridden.text).toBe(201);
    expect(overridden.body.total).toBe(600);
    overriddenCode = overridden.body.code;

    // A plain sale of the owner's: no exception at all.
    later();
    const plain = await t.request('POST', '/api/secure/shop/transaction', {
      ...as(owner),
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: 'EXC-1', quantity: 1 }],
        payment: { method: 'CASH', currency: 'USD', amount: 1000 },
      },
    });
    expect(plain.status, plain.text).toBe(201);

    // The cashier refunds the first sale, which they may not: the owner approves.
    later();
    const refunded = await cashierAction(
      'POST',
      `/api/secure/shop/transaction/${overriddenCode}/refund`,
      { clientId: randomUUID() },
      owner,
    );
    expect(refunded.status, refunded.text).toBe(201);

    // The cashier holds a cart, then throws it away with the manager's approval.
    later();
    const held = await t.request('POST', '/api/secure/shop/transaction', {
      ...as(cashier),
      body: { clientId: randomUUID(), status: 'PARKED', lines: [{ code: 'EXC-1', quantity: 2 }] },
    });
    expect(held.status, held.text).toBe(201);
    heldCode = held.body.code;
    later();
    const voided = await cashierAction('POST', `/api/secure/shop/transaction/${heldCode}/void`, {}, manager);
    expect(voided.status, voided.text).toBeLessThan(300);

    // The shift opens; the cashier opens the drawer without a sale (approved), the owner pays out.
    later();
    const shift = await t.request('POST', '/api/secure/shop/shift', {
      ...as(owner),
      body: { float: [{ currency: 'USD', amount: 10_000 }] },
    });
    expect(shift.status, shift.text).toBe(201);
    later();
    const noSale = await cashierAction(
      'POST',
      '/api/secure/shop/no-sale',
      { clientId: randomUUID(), reason: 'Change for a note' },
      manager,
    );
    expect(noSale.status, noSale.text).toBe(201);
    later();
    const paidOut = await t.request('POST', `/api/secure/shop/shift/${shift.body.id}/cash-move`, {
      ...as(owner),
      body: { clientId: randomUUID(), kind: 'PAY_OUT', currency: 'USD', amount: 500, reason: 'Window cleaner' },
    });
    expect(paidOut.status, paidOut.text).toBeLessThan(300);
  });

  it('lists every exception of the period, newest first, with who did and who approved it', async () => {
    const res = await report(owner);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ from: day, to: day, ownOnly: false, truncated: false });
    const rows = res.body.rows.map((r: ExceptionRow) => [r.kind, r.userName, r.approvedByName, r.amount, r.saleCode]);
    expect(rows).toEqual([
      ['CASH_MOVE', 'Olive Owner', null, -500, null],
      ['NO_SALE', 'Cass Cashier', 'Mona Manager', null, null],
      ['VOID', 'Cass Cashier', 'Mona Manager', 2000, heldCode],
      ['REFUND', 'Cass Cashier', 'Olive Owner', 600, overriddenCode],
      // One sale: its rows share the sale's time, in the order of their keys.
      ...[
        ['OVERRIDE', 'Cass Cashier', 'Mona Manager', 700, overriddenCode],
        ['DISCOUNT', 'Cass Cashier', 'Mona Manager', 100, overriddenCode],
        ['APPROVAL', 'Cass Cashier', 'Mona Manager', 600, overriddenCode],
      ].sort((a, b) => String(b[0]).localeCompare(String(a[0]))),
    ]);
    const override = res.body.rows.find((r: ExceptionRow) => r.kind === 'OVERRIDE')!;
    // The catalogue's price of the time beside the price sold.
    expect(override).toMatchObject({
      detail: 'Sencha',
      amount: 700,
      cataloguePrice: 1000,
      approvalMode: 'ONLINE',
      tillId: till.id,
      tillName: 'Front till',
    });
    // The owner's own pay-out, from their session: no till, no approval.
    expect(res.body.rows.find((r: ExceptionRow) => r.kind === 'CASH_MOVE')).toMatchObject({
      approvalMode: null,
      tillId: null,
      tillName: null,
    });
    // By till: the cashier's six rows were made on it.
    expect(res.body.tills).toEqual([{ tillId: till.id, name: 'Front till', count: 6 }]);
    expect(res.body.rows.find((r: ExceptionRow) => r.kind === 'NO_SALE')!.detail).toBe('Change for a note');
  });

  it('totals each kind and each member, and counts the approvals each member gave', async () => {
    const res = await report(owner);
    expect(res.body.totals).toEqual([
      { kind: 'OVERRIDE', count: 1, amount: 700 },
      { kind: 'DISCOUNT', count: 1, amount: 100 },
      { kind: 'APPROVAL', count: 1, amount: 600 },
      { kind: 'REFUND', count: 1, amount: 600 },
      { kind: 'VOID', count: 1, amount: 2000 },
      { kind: 'NO_SALE', count: 1, amount: 0 },
      { kind: 'CASH_MOVE', count: 1, amount: -500 },
      { kind: 'POINTS_REDEEM', count: 0, amount: 0 },
      { kind: 'POINTS_ADJUST', count: 0, amount: 0 },
      { kind: 'POINTS_OVERDRAWN', count: 0, amount: 0 },
      { kind: 'CARD_ADJUST', count: 0, amount: 0 },
      { kind: 'CARD_BLOCK', count: 0, amount: 0 },
      { kind: 'CARD_UNBLOCK', count: 0, amount: 0 },
    ]);
    expect(res.body.members).toEqual([
      {
        userId: cashier.user.userId,
        name: 'Cass Cashier',
        kinds: [
          { kind: 'OVERRIDE', count: 1, amount: 700 },
          { kind: 'DISCOUNT', count: 1, amount: 100 },
          { kind: 'APPROVAL', count: 1, amount: 600 },
          { kind: 'REFUND', count: 1, amount: 600 },
          { kind: 'VOID', count: 1, amount: 2000 },
          { kind: 'NO_SALE', count: 1, amount: 0 },
        ],
        approvalsGiven: 0,
      },
      // The sale's approval once (not again for its override and discount), the void, the no-sale.
      { userId: manager.user.userId, name: 'Mona Manager', kinds: [], approvalsGiven: 3 },
      {
        userId: owner.user.userId,
        name: 'Olive Owner',
        kinds: [{ kind: 'CASH_MOVE', count: 1, amount: -500 }],
        approvalsGiven: 1,
      },
    ]);
  });

  it("shows a cashier without REPORTS their own rows only, never a 403; with REPORTS everyone's", async () => {
    const own = await report(cashier);
    expect(own.status, own.text).toBe(200);
    expect(own.body.ownOnly).toBe(true);
    expect(own.body.rows.map((r: ExceptionRow) => r.kind).sort()).toEqual(
      ['APPROVAL', 'DISCOUNT', 'NO_SALE', 'OVERRIDE', 'REFUND', 'VOID'].sort(),
    );
    expect(own.body.rows.every((r: ExceptionRow) => r.userId === cashier.user.userId)).toBe(true);
    expect(own.body.totals.find((x: ExceptionTotal) => x.kind === 'CASH_MOVE')).toEqual({
      kind: 'CASH_MOVE',
      count: 0,
      amount: 0,
    });
    // Whoever approved the cashier's rows is named, with none of their own rows.
    expect(own.body.members.map((m: ExceptionMember) => [m.name, m.kinds.length, m.approvalsGiven])).toEqual([
      ['Cass Cashier', 6, 0],
      ['Mona Manager', 0, 3],
      ['Olive Owner', 0, 1],
    ]);

    // The manager has REPORTS by default; a stranger is told the store does not exist.
    const managers = await report(manager);
    expect(managers.body.ownOnly).toBe(false);
    expect(managers.body.rows).toHaveLength(7);
    const strangers = await report(stranger);
    expect(strangers.status).toBe(404);
    expect(strangers.body.code).toBe('NOT_FOUND');
  });

  it('bounds the period: real dates, in order, at most 366 days', async () => {
    const other = await report(owner, '2020-01-01', '2020-01-31');
    expect(other.status).toBe(200);
    expect(other.body.rows).toEqual([]);
    expect(other.body.totals.every((x: ExceptionTotal) => x.count === 0)).toBe(true);
    expect((await report(owner, '2024-01-01', '2024-12-31')).status).toBe(200); // 366 days
    expect((await report(owner, '2023-01-01', '2024-01-01')).status).toBe(200); // 366 days
    const tooLong = await report(owner, '2023-01-01', '2024-01-02');
    expectFieldErrors(tooLong, ['to']);
    expect(tooLong.body.message).toMatch(/366 days/);
    expectFieldErrors(await report(owner, day, '2020-01-01'), ['to']);
    expectFieldErrors(await report(owner, '2026-02-30', '2026-03-01'), ['from']);
    expectFieldErrors(await report(owner, 'yesterday', day), ['from']);
    expectFieldErrors(await csv(owner, '2023-01-01', '2024-01-02'), ['to']);
  });

  it('exports the same rows as CSV: UTF-8 with BOM, oldest first, named by store and period', async () => {
    const res = await csv(owner);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="exceptions-${owner.store.urlName}-${day}_${day}.csv"`,
    );
    // fetch's decoder drops the BOM; check the raw bytes for it.
    const raw = await fetch(`${t.url}/api/secure/report/exceptions.csv?from=${day}&to=${day}`, {
      headers: { authorization: `Bearer ${owner.token}`, 'x-store': owner.store.urlName },
    });
    expect([...Buffer.from(await raw.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsvRows(res.text);
    expect(header).toEqual([
      'time',
      'kind',
      'member',
      'approved_by',
      'approval',
      'till',
      'amount',
      'catalogue_price',
      'sale_code',
      'detail',
      'points',
    ]);
    expect(lines.map((l) => l[1])).toEqual([
      ...['APPROVAL', 'DISCOUNT', 'OVERRIDE'],
      'REFUND',
      'VOID',
      'NO_SALE',
      'CASH_MOVE',
    ]);
    const override = lines.find((l) => l[1] === 'OVERRIDE')!;
    expect(override.slice(1)).toEqual([
      'OVERRIDE',
      'Cass Cashier',
      'Mona Manager',
      'ONLINE',
      'Front till',
      '7.00',
      '10.00',
      overriddenCode,
      'Sencha',
      '',
    ]);
    expect(override[0]).toMatch(new RegExp(`^${day} \\d{2}:\\d{2}:\\d{2}$`));
    expect(lines.find((l) => l[1] === 'CASH_MOVE')!.slice(2, 7)).toEqual(['Olive Owner', '', '', '', '-5.00']);

    // The cashier's file holds their own rows only.
    const own = parseCsvRows((await csv(cashier)).text).slice(1);
    expect(own).toHaveLength(6);
    expect(own.every((l) => l[2] === 'Cass Cashier')).toBe(true);
  });
  it('pages the CSV past its page size without losing or repeating a row, also at one instant', async () => {
    // A later day of its own: 260 drawer openings at the same instant (more than a page of 250).
    t.clock.advance(2 * 86_400_000);
    const busy = t.clock.now().toISOString().slice(0, 10);
    const ids: string[] = [];
    for (let i = 0; i < 260; i++) {
      const res = await t.request('POST', '/api/secure/shop/no-sale', {
        ...as(owner),
        body: { clientId: randomUUID(), reason: `Opening ${i}` },
      });
      expect(res.status, res.text).toBe(201);
      ids.push(`Opening ${i}`);
    }
    const lines = parseCsvRows((await csv(owner, busy, busy)).text).slice(1);
    expect(lines).toHaveLength(260);
    expect(lines.map((l) => l[9]).sort()).toEqual(ids.sort());
    const json = await report(owner, busy, busy);
    expect(json.body.totals.find((x: ExceptionTotal) => x.kind === 'NO_SALE').count).toBe(260);
    expect(json.body.rows).toHaveLength(260);
  });
});
