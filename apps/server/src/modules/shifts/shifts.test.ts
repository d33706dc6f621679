import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShiftReport } from '@shopdesk/shared';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { MINUTE } from '../../lib/clock.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import {
  cashMove,
  closeShift,
  countOf,
  enableShifts,
  openShift,
  readShift,
  refundAll,
  sell,
  setYenRate,
} from './shifts.test-helpers.ts';

const noCount = [
  { currency: 'USD', denominations: [] },
  { currency: 'JPY', denominations: [] },
];
const cashOf = (report: ShiftReport, currency: string) => report.cash.find((c) => c.currency === currency);

describe.each(engines)('shifts on %s', (engine) => {
  const t = useTestApp(engine);

  async function shiftUser(): Promise<TestUser> {
    const u = await createUser(t); // USD main, JPY second
    await enableShifts(t, u);
    return u;
  }

  it('opens only when the store uses shifts; old clients leave the setting as it is', async () => {
    const u = await createUser(t);
    expect(u.store.shiftsEnabled).toBe(false);
    expect((await openShift(t, u, [])).status).toBe(409);
    await enableShifts(t, u);
    const old = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
      token: u.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0 },
    });
    expect(old.body.shiftsEnabled).toBe(true);
    const opened = await openShift(t, u, [{ currency: 'USD', amount: 10_000 }]);
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body).toMatchObject({ number: 1, status: 'OPEN', closedAt: null, openedBy: u.user.name });
    expect(cashOf(opened.body, 'USD')).toMatchObject({ float: 10_000, expected: 10_000, counted: null });
    expect(cashOf(opened.body, 'JPY')).toMatchObject({ float: 0, expected: 0 });
    const current = await t.request('GET', '/api/secure/shop/shift/current', { token: u.token });
    expect(current.body.shift.id).toBe(opened.body.id);
    expect((await openShift(t, u, [])).status).toBe(409);
  });

  it('two opens at the same moment make one shift', async () => {
    const u = await shiftUser();
    const answers = await Promise.all([1, 2, 3, 4].map(() => openShift(t, u, [{ currency: 'USD', amount: 500 }])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.db.selectFrom('shifts').selectAll().where('store_id', '=', u.store.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a float or count in a currency the store does not take, and a coin that does not exist', async () => {
    const u = await shiftUser();
    expect((await openShift(t, u, [{ currency: 'EUR', amount: 100 }])).status).toBe(400);
    const { body: shift } = await openShift(t, u, [{ currency: 'USD', amount: 100 }]);
    expect((await cashMove(t, u, shift.id, 'PAY_IN', 'EUR', 100)).status).toBe(400);
    const bad = await closeShift(t, u, shift.id, [
      { currency: 'USD', denominations: [{ value: 300, count: 1 }] },
      { currency: 'JPY', denominations: [] },
    ]);
    expectFieldErrors(bad, ['counts.0.denominations.0.value']);
    const noYen = await closeShift(t, u, shift.id, [{ currency: 'USD', denominations: [] }]);
    expect(noYen.status).toBe(400);
    expect((await readShift(t, u, shift.id)).body.status).toBe('OPEN');
  });

  it('counts a retried pay-in once', async () => {
    const u = await shiftUser();
    const { body: shift } = await openShift(t, u, []);
    const clientId = crypto.randomUUID();
    await cashMove(t, u, shift.id, 'PAY_IN', 'USD', 2_000, clientId);
    const again = await cashMove(t, u, shift.id, 'PAY_IN', 'USD', 2_000, clientId);
    expect(again.status).toBe(201);
    expect(again.body.moves).toHaveLength(1);
    expect(cashOf(again.body, 'USD')?.expected).toBe(2_000);
  });

  it('expected cash = float + cash in − cash out, for any sales, refunds, pay-ins and pay-outs', async () => {
    const u = await shiftUser();
    await setYenRate(t, u);
    type Op =
      | { kind: 'sale'; price: number; extra: number; method: 'CASH' | 'CARD'; yen: boolean }
      | { kind: 'refund'; pick: number }
      | { kind: 'move'; move: 'PAY_IN' | 'PAY_OUT'; yen: boolean; amount: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('sale' as const),
        price: fc.integer({ min: 1, max: 50_000 }),
        extra: fc.integer({ min: 0, max: 10_000 }),
        method: fc.constantFrom('CASH' as const, 'CARD' as const),
        yen: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('move' as const),
        move: fc.constantFrom('PAY_IN' as const, 'PAY_OUT' as const),
        yen: fc.boolean(),
        amount: fc.integer({ min: 1, max: 20_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(op, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -500, max: 500 }),
        async (usdFloat, yenFloat, ops, off) => {
          // A run that failed (or shrank) may have left its shift open.
          const left = await t.request('GET', '/api/secure/shop/shift/current', { token: u.token });
          if (left.body.shift) await closeShift(t, u, left.body.shift.id, noCount);
          const opened = await openShift(t, u, [
            { currency: 'USD', amount: usdFloat },
            { currency: 'JPY', amount: yenFloat },
          ]);
          expect(opened.status, opened.text).toBe(201);
          const id: string = opened.body.id;
          const model = { USD: usdFloat, JPY: yenFloat };
          const sales: { code: string; total: number; cash: boolean }[] = [];
          for (const o of ops) {
            if (o.kind === 'sale') {
              // Card pays exactly; cash may overpay and get change. Yen pays 150 per dollar, plus a margin.
              const yen = o.yen && o.method === 'CASH';
              const amount = yen
                ? Math.ceil((o.price * 150) / 100) + o.extra
                : o.price + (o.method === 'CASH' ? o.extra : 0);
              const res = await sell(t, u, o.price, { method: o.method, currency: yen ? 'JPY' : 'USD', amount });
              expect(res.status, res.text).toBe(201);
              const tender = res.body.payments[0];
              if (o.method === 'CASH') model[yen ? 'JPY' : 'USD'] += tender.amount - tender.change;
              sales.push({ code: res.body.code, total: res.body.total, cash: o.method === 'CASH' });
            } else if (o.kind === 'refund') {
              const open = sales.filter((s) => s.total > 0);
              const sale = open[o.pick % Math.max(1, open.length)];
              if (!sale) continue;
              const res = await refundAll(t, u, sale.code);
              expect(res.status, res.text).toBe(201);
              // The default refund goes back in main-currency cash when the sale took cash.
              if (sale.cash) model.USD -= sale.total;
              sale.total = 0;
            } else {
              const res = await cashMove(t, u, id, o.move, o.yen ? 'JPY' : 'USD', o.amount);
              expect(res.status, res.text).toBe(201);
              model[o.yen ? 'JPY' : 'USD'] += o.move === 'PAY_IN' ? o.amount : -o.amount;
            }
          }
          const x = (await readShift(t, u, id)).body as ShiftReport;
          expect(cashOf(x, 'USD')?.expected).toBe(model.USD);
          expect(cashOf(x, 'JPY')?.expected).toBe(model.JPY);
          const counted = Math.max(0, model.USD + off);
          const z = await closeShift(t, u, id, [
            { currency: 'USD', denominations: countOf(counted, 'USD') },
            { currency: 'JPY', denominations: countOf(model.JPY, 'JPY') },
          ]);
          expect(z.status, z.text).toBe(200);
          expect(z.body.status).toBe('CLOSED');
          expect(cashOf(z.body, 'USD')).toMatchObject({
            expected: model.USD,
            counted,
            difference: counted - model.USD,
          });
          expect(cashOf(z.body, 'JPY')).toMatchObject({ expected: model.JPY, counted: Math.max(0, model.JPY) });
          const usd = cashOf(z.body, 'USD')!;
          expect(usd.float + usd.cashSales! + usd.payIns - usd.payOuts - usd.cashRefunds!).toBe(usd.expected);
        },
      ),
      { numRuns: 20, seed: 20261124 },
    );
  });

  it('a closed Z report cannot change through any route', async () => {
    const u = await shiftUser();
    const { body: shift } = await openShift(t, u, [{ currency: 'USD', amount: 5_000 }]);
    const sold = await sell(t, u, 1_234, { method: 'CASH', currency: 'USD', amount: 2_000 });
    await cashMove(t, u, shift.id, 'PAY_OUT', 'USD', 300);
    const closed = await closeShift(t, u, shift.id, [
      { currency: 'USD', denominations: countOf(5_934, 'USD') },
      { currency: 'JPY', denominations: [] },
    ]);
    expect(closed.status, closed.text).toBe(200);
    expect(cashOf(closed.body, 'USD')).toMatchObject({ expected: 5_934, counted: 5_934, difference: 0 });
    const before = (await readShift(t, u, shift.id)).body;
    expect(before).toEqual(closed.body);

    // Every write that names the shift is refused.
    expect((await cashMove(t, u, shift.id, 'PAY_IN', 'USD', 100)).status).toBe(409);
    expect((await cashMove(t, u, shift.id, 'PAY_OUT', 'USD', 100)).status).toBe(409);
    expect(
      (
        await closeShift(t, u, shift.id, [
          { currency: 'USD', denominations: [] },
          { currency: 'JPY', denominations: [] },
        ])
      ).status,
    ).toBe(409);
    // Nothing made afterwards reaches it: a sale, a refund of one of its sales, a new shift and its moves, the settings.
    // (The sale made while no shift is open joins the next shift.)
    await sell(t, u, 500, { method: 'CASH', currency: 'USD', amount: 500 });
    const next = await openShift(t, u, []);
    expect(next.body.number).toBe(2);
    expect((await refundAll(t, u, sold.body.code)).status).toBe(201);
    await cashMove(t, u, next.body.id, 'PAY_IN', 'USD', 700);
    await sell(t, u, 800, { method: 'CASH', currency: 'USD', amount: 1_000 });
    await enableShifts(t, u, false);
    expect((await readShift(t, u, shift.id)).body).toEqual(before);
    // The refund of the closed shift's sale left the drawer of the shift open when it happened.
    const second = (await readShift(t, u, next.body.id)).body as ShiftReport;
    expect(cashOf(second, 'USD')).toMatchObject({ cashSales: 1_300, cashRefunds: 1_234, payIns: 700 });

    const list = await t.request('GET', '/api/secure/shop/shift/z-report', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 1,
      items: [{ id: shift.id, number: 1, difference: 0, salesTotal: 1_234 }],
    });
    // Not even a statement run straight on the database changes it: triggers refuse.
    await expect(
      t.db.updateTable('shift_cash').set({ counted: 0 }).where('shift_id', '=', shift.id).execute(),
    ).rejects.toThrow(/closed shift is locked/);
    await expect(t.db.updateTable('shifts').set({ number: 99 }).where('id', '=', shift.id).execute()).rejects.toThrow(
      /closed shift is locked/,
    );
    await expect(
      t.db
        .insertInto('shift_cash_moves')
        .values({
          id: crypto.randomUUID(),
          store_id: u.store.id,
          shift_id: shift.id,
          client_id: crypto.randomUUID(),
          kind: 'PAY_IN',
          currency: 'USD',
          amount: 1,
          reason: 'Sneaky',
          user_id: u.user.userId,
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow(/closed shift is locked/);
    expect((await readShift(t, u, shift.id)).body).toEqual(before);
  });

  it('a sale or refund stored while no shift is open joins the next shift opened', async () => {
    const u = await createUser(t);
    // Sold before the store used shifts: no shift ever counts it.
    const early = await sell(t, u, 900, { method: 'CASH', currency: 'USD', amount: 900 });
    expect(early.status, early.text).toBe(201);
    t.clock.advance(MINUTE);
    await enableShifts(t, u);
    const first = await openShift(t, u, [{ currency: 'USD', amount: 1_000 }]);
    expect(first.body).toMatchObject({ salesCount: 0, lateSalesCount: 0, lateSalesTotal: 0 });
    const sold = await sell(t, u, 300, { method: 'CASH', currency: 'USD', amount: 300 });
    t.clock.advance(MINUTE);
    await closeShift(t, u, first.body.id, [
      { currency: 'USD', denominations: countOf(1_300, 'USD') },
      { currency: 'JPY', denominations: [] },
    ]);

    // Shifts on, none open: the sale, and a refund of the last shift's sale, still go through.
    t.clock.advance(MINUTE);
    const orphan = await sell(t, u, 2_000, { method: 'CASH', currency: 'USD', amount: 2_500 });
    expect(orphan.status, orphan.text).toBe(201);
    const refund = await refundAll(t, u, sold.body.code);
    expect(refund.status, refund.text).toBe(201);
    t.clock.advance(MINUTE);

    const next = await openShift(t, u, [{ currency: 'USD', amount: 1_000 }]);
    expect(next.status, next.text).toBe(201);
    expect(next.body).toMatchObject({
      number: 2,
      salesCount: 1,
      salesTotal: 2_000,
      refundsCount: 1,
      refundsTotal: 300,
      lateSalesCount: 1,
      lateSalesTotal: 2_000,
    });
    expect(cashOf(next.body, 'USD')).toMatchObject({
      float: 1_000,
      cashSales: 2_000,
      cashRefunds: 300,
      expected: 2_700,
    });
    const rows = await t.db
      .selectFrom('shop_transactions')
      .select(['code', 'shift_id'])
      .where('store_id', '=', u.store.id)
      .execute();
    const shiftOf = new Map(rows.map((r) => [r.code, r.shift_id]));
    expect(shiftOf.get(early.body.code)).toBeNull();
    expect(shiftOf.get(sold.body.code)).toBe(first.body.id);
    expect(shiftOf.get(orphan.body.code)).toBe(next.body.id);
    const z = await closeShift(t, u, next.body.id, [
      { currency: 'USD', denominations: countOf(2_700, 'USD') },
      { currency: 'JPY', denominations: [] },
    ]);
    expect(z.body).toMatchObject({ salesCount: 1, lateSalesCount: 1, lateSalesTotal: 2_000 });
    expect(cashOf(z.body, 'USD')).toMatchObject({ expected: 2_700, difference: 0 });
  });

  it('books cash change where it was handed back: in the tender’s currency or, when chosen, the main one', async () => {
    const u = await shiftUser();
    await setYenRate(t, u); // 150 yen to the dollar
    const { body: shift } = await openShift(t, u, [
      { currency: 'USD', amount: 5_000 },
      { currency: 'JPY', amount: 10_000 },
    ]);
    const pay = (payment: Record<string, unknown>) =>
      t.request('POST', '/api/secure/shop/transaction', {
        token: u.token,
        body: {
          clientId: crypto.randomUUID(),
          status: 'COMPLETED',
          lines: [{ name: 'Tea', unitPrice: 1_000, quantity: 1 }],
          payments: [payment],
        },
      });
    // $10.00 asks ¥1,500; ¥2,000 handed over. Change in yen: ¥500.
    const inYen = await pay({ method: 'CASH', currency: 'JPY', amount: 2_000 });
    expect(inYen.status, inYen.text).toBe(201);
    expect(inYen.body.payments[0]).toMatchObject({ change: 500, changeCurrency: 'JPY' });
    // The same, the change given in dollars: ¥2,000 is worth $13.33 (rounded down), so $3.33 back.
    const inDollars = await pay({ method: 'CASH', currency: 'JPY', amount: 2_000, changeCurrency: 'USD' });
    expect(inDollars.status, inDollars.text).toBe(201);
    expect(inDollars.body.payments[0]).toMatchObject({ change: 500, changeInMain: 333, changeCurrency: 'USD' });
    const stored = await t.request('GET', `/api/secure/shop/transaction/${inDollars.body.code}`, { token: u.token });
    expect(stored.body.payments[0]).toMatchObject({ changeInMain: 333, changeCurrency: 'USD' });
    // A currency the till does not hold is refused, naming the field.
    expectFieldErrors(await pay({ method: 'CASH', currency: 'JPY', amount: 2_000, changeCurrency: 'EUR' }), [
      'payments.0.changeCurrency',
    ]);

    const x = (await readShift(t, u, shift.id)).body as ShiftReport;
    expect(cashOf(x, 'JPY')).toMatchObject({ cashSales: 1_500 + 2_000, expected: 10_000 + 3_500 });
    expect(cashOf(x, 'USD')).toMatchObject({ cashSales: -333, expected: 5_000 - 333 });
  });

  it('a Z report keeps the currency, amounts and names it was closed with', async () => {
    const u = await shiftUser();
    const { body: shift } = await openShift(t, u, [{ currency: 'USD', amount: 500 }]);
    const z = await closeShift(t, u, shift.id, noCount);
    expect(z.status, z.text).toBe(200);
    expect(z.body).toMatchObject({ mainCurrency: 'USD', openedBy: u.user.name, closedBy: u.user.name });
    expect(cashOf(z.body, 'USD')).toMatchObject({ expected: 500, counted: 0, difference: -500 });

    const renamed = await t.request('PUT', '/api/secure/profile', {
      token: u.token,
      body: { name: 'Someone Else', locale: 'en-US' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    // The store has no products, cargos or sales, but it has a shift: its main currency stays.
    const store = { name: u.store.name, secondCurrency: null, timezone: 'UTC', address: '', phone: '' };
    const toEuro = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}`, {
      token: u.token,
      body: { ...store, mainCurrency: 'EUR' },
    });
    expect(toEuro.status, toEuro.text).toBe(409);
    expect(toEuro.body.message).toMatch(/shifts/);
    expect(toEuro.body.details).toEqual([{ field: 'mainCurrency', message: toEuro.body.message }]);
    const same = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}`, {
      token: u.token,
      body: { ...store, mainCurrency: 'USD' },
    });
    expect(same.status, same.text).toBe(200);
    // Even a currency changed underneath (a store from before the rule) leaves the report as closed.
    await t.db
      .updateTable('stores')
      .set({ main_currency: 'EUR', second_currency: null })
      .where('id', '=', u.store.id)
      .execute();
    expect((await readShift(t, u, shift.id)).body).toEqual(z.body);
    const list = await t.request('GET', '/api/secure/shop/shift/z-report', { token: u.token });
    expect(list.body.items).toMatchObject([{ id: shift.id, mainCurrency: 'USD', difference: -500 }]);
  });

  it('a sale racing the close is either counted in the Z report or belongs to no shift', async () => {
    const u = await shiftUser();
    const { body: shift } = await openShift(t, u, []);
    const pay = (amount: number) => ({ method: 'CASH', currency: 'USD', amount });
    const calls = [
      ...[1, 2, 3, 4].map((i) => sell(t, u, 100 * i, pay(100 * i))),
      closeShift(t, u, shift.id, noCount),
      ...[5, 6, 7, 8].map((i) => sell(t, u, 100 * i, pay(100 * i))),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201, 201, 201, 201, 201, 201, 201, 201]);
    const z = answers[4]!.body as ShiftReport;
    const rows = await t.db
      .selectFrom('shop_transactions')
      .select(['shift_id', 'total'])
      .where('store_id', '=', u.store.id)
      .execute();
    expect(rows.every((r) => r.shift_id === shift.id || r.shift_id === null)).toBe(true);
    const inShift = rows.filter((r) => r.shift_id === shift.id);
    const total = inShift.reduce((sum, r) => sum + Number(r.total), 0);
    expect(z.salesCount).toBe(inShift.length);
    expect(z.salesTotal).toBe(total);
    expect(cashOf(z, 'USD')?.expected).toBe(total);
    // Read again later, the Z report still says the same.
    expect((await readShift(t, u, shift.id)).body).toEqual(z);
  });

  it('lists Z reports in pages, the latest first, and only the store’s own', async () => {
    const u = await shiftUser();
    for (let i = 0; i < 3; i++) {
      const { body } = await openShift(t, u, []);
      await closeShift(t, u, body.id, [
        { currency: 'USD', denominations: [] },
        { currency: 'JPY', denominations: [] },
      ]);
    }
    const page = await t.request('GET', '/api/secure/shop/shift/z-report?page=0&size=2', { token: u.token });
    expect(page.body.total).toBe(3);
    expect(page.body.items.map((i: { number: number }) => i.number)).toEqual([3, 2]);
    const rest = await t.request('GET', '/api/secure/shop/shift/z-report?page=1&size=2', { token: u.token });
    expect(rest.body.items.map((i: { number: number }) => i.number)).toEqual([1]);
    const other = await shiftUser();
    const theirs = await t.request('GET', '/api/secure/shop/shift/z-report', { token: other.token });
    expect(theirs.body.total).toBe(0);
    expect((await readShift(t, other, page.body.items[0].id)).status).toBe(404);
  });
});
