import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopTransaction } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

type Body = Record<string, unknown>;

function sell(t: TestApp, u: TestUser, body: Body, store?: string) {
  return t.request('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: { clientId: randomUUID(), status: 'COMPLETED', ...body },
    headers: store ? { 'x-store': store } : {},
  });
}

async function quantityOf(t: TestApp, u: TestUser, code: string, store?: string): Promise<number> {
  const res = await t.request('GET', `/api/secure/product/code/${code}`, {
    token: u.token,
    headers: store ? { 'x-store': store } : {},
  });
  return res.body.quantity as number;
}

const cash = (currency: string, amount: number) => ({ method: 'CASH', currency, amount });

describe.each(engines)('the counter on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser; // USD main, JPY second
  beforeAll(async () => {
    u = await createUser(t);
  });

  it('sells by code: stock goes down through the ledger, totals and change are exact', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 199, quantity: 10 });
    const cake = await createProduct(t, u, { code: ean13(), price: 350, quantity: 3 });
    const res = await sell(t, u, {
      lines: [
        { code: tea.code, quantity: 2 },
        { code: cake.code, quantity: 1, discount: { kind: 'AMOUNT', amount: 50 } },
        { name: 'Gift wrap', unitPrice: 100, quantity: 1 },
      ],
      payment: cash('USD', 1000),
    });
    expect(res.status, res.text).toBe(201);
    const sale: ShopTransaction = res.body;
    expect(sale.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(sale).toMatchObject({ status: 'COMPLETED', total: 798, due: 798, changeInMain: 202, taxMode: 'NONE' });
    expect(sale.payments).toEqual([
      {
        method: 'CASH',
        currency: 'USD',
        amount: 1000,
        applied: 798,
        change: 202,
        changeInMain: 202,
        changeCurrency: 'USD',
        // A tender without methodId is the store's method of its kind.
        methodId: 'CASH',
        methodName: null,
        methodDefaultName: 'CASH',
        methodKind: 'CASH',
        reference: null,
      },
    ]);
    expect(sale.lines.map((l) => [l.name, l.total])).toEqual([
      [tea.name, 398],
      [cake.name, 300],
      ['Gift wrap', 100],
    ]);
    expect(await quantityOf(t, u, tea.code)).toBe(8);
    expect(await quantityOf(t, u, cake.code)).toBe(2);
    const movements = await t.request('GET', `/api/secure/product/code/${tea.code}/movements`, { token: u.token });
    expect(movements.body.items.find((m: { reason: string }) => m.reason === 'SALE')).toMatchObject({
      delta: -2,
      refCode: sale.code,
    });
    const read = await t.request('GET', `/api/secure/shop/transaction/${sale.code.toLowerCase()}`, { token: u.token });
    // The detail names who rang the sale up; the sale's own answer does not read users.
    expect(read.body).toEqual({ ...sale, servedBy: { userId: u.user.userId, name: u.user.name } });
    await expectLedgerConsistent(t);
  });

  it('takes the second currency at the store rate, shows change in both, and stores the rate', async () => {
    await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/exchange-rate`, {
      token: u.token,
      body: { rate: '150' },
    });
    const res = await sell(t, u, {
      lines: [{ name: 'Sandwich', unitPrice: 999, quantity: 1 }],
      payment: cash('JPY', 2000),
    });
    expect(res.status, res.text).toBe(201);
    // $9.99 = ¥1,498.5, asked as ¥1,499; ¥501 back, about $3.34.
    expect(res.body.payments[0]).toMatchObject({ applied: 999, change: 501, changeInMain: 334 });
    expect(res.body.rate).toMatchObject({ base: 'USD', quote: 'JPY', rate: '150', source: 'MANUAL' });
  });

  it('refuses a short payment with the shortfall, an unknown code with its line, and writes nothing', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 500, quantity: 5 });
    const short = await sell(t, u, { lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 499) });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'PAYMENT_SHORT', message: 'The payment is short by $0.01.' });
    const unknown = await sell(t, u, {
      lines: [
        { code: tea.code, quantity: 1 },
        { code: 'NOPE-1', quantity: 1 },
      ],
      payment: cash('USD', 5000),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.details).toEqual([{ field: 'lines.1.code', message: 'No product with the code NOPE-1' }]);
    const card = await sell(t, u, {
      lines: [{ code: tea.code, quantity: 1 }],
      payment: { method: 'CARD', currency: 'USD', amount: 600 },
    });
    expect(card.status).toBe(400);
    expect(card.body.details[0].field).toBe('payments.0.amount');
    expect(await quantityOf(t, u, tea.code)).toBe(5);
    const bad = await sell(t, u, { lines: [{ quantity: 1 }], payment: cash('USD', 1) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('the same clientId, 20 times at once, stores one sale and answers the first result', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 100 });
    const body = { clientId: randomUUID(), lines: [{ code: tea.code, quantity: 3 }], payment: cash('USD', 300) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => sell(t, u, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201].sort());
    expect(new Set(answers.map((a) => a.body.code)).size).toBe(1);
    expect(await quantityOf(t, u, tea.code)).toBe(97);
    await expectLedgerConsistent(t);
  });

  it('50 concurrent checkouts of one product leave its stock exact (negative allowed)', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 30 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        sell(t, u, { lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 100) }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await quantityOf(t, u, tea.code)).toBe(-20);
    await expectLedgerConsistent(t);
  });

  it('concurrent sales and refunds of the same products in opposite orders never deadlock', async () => {
    const a = await createProduct(t, u, { code: ean13(), price: 100, quantity: 100 });
    const b = await createProduct(t, u, { code: ean13(), price: 100, quantity: 100 });
    const lines = (first: string, second: string) => [
      { code: first, quantity: 1 },
      { code: second, quantity: 1 },
    ];
    const sales = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sell(t, u, {
          lines: i % 2 ? lines(a.code, b.code) : lines(b.code, a.code),
          payment: cash('USD', 200),
        }),
      ),
    );
    expect(sales.map((r) => r.status)).toEqual(Array(30).fill(201));
    const refunds = await Promise.all(
      sales.map((r, i) =>
        t.request('POST', `/api/secure/shop/transaction/${r.body.code}/refund`, {
          token: u.token,
          body: {
            clientId: randomUUID(),
            lines: (i % 2 ? r.body.lines : [...r.body.lines].reverse()).map((l: { id: string }) => ({
              lineId: l.id,
              quantity: 1,
            })),
          },
        }),
      ),
    );
    expect(refunds.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect([await quantityOf(t, u, a.code), await quantityOf(t, u, b.code)]).toEqual([100, 100]);
    await expectLedgerConsistent(t);
  });

  it('parks a cart without moving stock, lists it, edits it and completes it once', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 250, quantity: 10 });
    const parked = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: { clientId: randomUUID(), status: 'PARKED', lines: [{ code: tea.code, quantity: 1 }] },
    });
    expect(parked.status, parked.text).toBe(201);
    expect(parked.body).toMatchObject({ status: 'PARKED', total: 250, completedAt: null, payments: [] });
    expect(await quantityOf(t, u, tea.code)).toBe(10);
    const held = await t.request('GET', '/api/secure/shop/transaction/parked', { token: u.token });
    expect(held.body.map((s: ShopTransaction) => s.code)).toContain(parked.body.code);
    // Each held cart says who holds it.
    const mine = (held.body as ShopTransaction[]).find((s) => s.code === parked.body.code);
    expect(mine?.servedBy).toEqual({ userId: u.user.userId, name: expect.any(String) });

    const put = (body: Body) =>
      t.request<ShopTransaction>('PUT', `/api/secure/shop/transaction/${parked.body.code}`, { token: u.token, body });
    const edited = await put({ status: 'PARKED', lines: [{ code: tea.code, quantity: 3 }] });
    expect(edited.body).toMatchObject({ status: 'PARKED', total: 750 });
    const complete = { status: 'COMPLETED', lines: [{ code: tea.code, quantity: 3 }], payment: cash('USD', 1000) };
    const [a, b] = await Promise.all([
      put({ clientId: randomUUID(), ...complete }),
      put({ clientId: randomUUID(), ...complete }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await quantityOf(t, u, tea.code)).toBe(7);
    const done = await t.request('GET', `/api/secure/shop/transaction/${parked.body.code}`, { token: u.token });
    expect(done.body).toMatchObject({ status: 'COMPLETED', code: parked.body.code, changeInMain: 250 });
    expect(done.body.lines).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('refunds part, then the rest: exact amounts, stock back unless damaged, never more than sold', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 10 });
    const sale = (
      await sell(t, u, {
        lines: [{ code: tea.code, quantity: 3 }],
        discount: { kind: 'AMOUNT', amount: 100 }, // 200 for three: 66.67 each
        payment: cash('USD', 200),
      })
    ).body;
    const line = sale.lines[0]!;
    const refund = (body: Body) =>
      t.request('POST', `/api/secure/shop/transaction/${sale.code}/refund`, { token: u.token, body });

    const first = await refund({ clientId: randomUUID(), lines: [{ lineId: line.id, quantity: 1 }] });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 67 });
    expect(first.body.refunds[0]).toMatchObject({ amount: 67, restock: true });
    expect(first.body.refunds[0]!.tenders).toEqual([
      {
        method: 'CASH',
        currency: 'USD',
        amount: 67,
        applied: 67,
        change: 0,
        changeInMain: 0,
        changeCurrency: 'USD',
        methodId: 'CASH',
        methodName: null,
        methodDefaultName: 'CASH',
        methodKind: 'CASH',
        reference: null,
      },
    ]);
    expect(await quantityOf(t, u, tea.code)).toBe(8);

    const damaged = await refund({ clientId: randomUUID(), lines: [{ lineId: line.id, quantity: 1 }], restock: false });
    expect(damaged.body.refundedAmount).toBe(133);
    expect(await quantityOf(t, u, tea.code)).toBe(8);

    const tooMany = await refund({ clientId: randomUUID(), lines: [{ lineId: line.id, quantity: 2 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/Only 1/);

    const rest = await refund({ clientId: randomUUID() });
    expect(rest.body).toMatchObject({ status: 'REFUNDED', refundedAmount: 200 });
    expect(rest.body.lines[0]!.refundedQuantity).toBe(3);
    expect(await quantityOf(t, u, tea.code)).toBe(9);
    expect((await refund({ clientId: randomUUID() })).status).toBe(409);
    await expectLedgerConsistent(t);
  });

  it('concurrent partial refunds never exceed the sold quantity; a repeated refund clientId changes nothing', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 0 });
    const sale = (await sell(t, u, { lines: [{ code: tea.code, quantity: 5 }], payment: cash('USD', 500) })).body;
    const lineId = sale.lines[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.request('POST', `/api/secure/shop/transaction/${sale.code}/refund`, {
          token: u.token,
          body: { clientId: randomUUID(), lines: [{ lineId, quantity: 1 }] },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const after = await t.request('GET', `/api/secure/shop/transaction/${sale.code}`, { token: u.token });
    expect(after.body).toMatchObject({ status: 'REFUNDED', refundedAmount: 500 });
    expect(await quantityOf(t, u, tea.code)).toBe(0);

    const again = (await sell(t, u, { lines: [{ code: tea.code, quantity: 2 }], payment: cash('USD', 200) })).body;
    const body = { clientId: randomUUID(), lines: [{ lineId: again.lines[0]!.id, quantity: 1 }] };
    const twice = await Promise.all(
      [1, 2, 3].map(() =>
        t.request('POST', `/api/secure/shop/transaction/${again.code}/refund`, { token: u.token, body }),
      ),
    );
    expect(twice.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const read = await t.request('GET', `/api/secure/shop/transaction/${again.code}`, { token: u.token });
    expect(read.body.refunds).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('taxes: included in prices or added at the counter, per rate, with cash rounding recorded', async () => {
    const shop = await createUser(t, { mainCurrency: 'CHF', secondCurrency: null });
    const settings = await t.request('PUT', `/api/secure/virtual-store/${shop.store.urlName}/sale-settings`, {
      token: shop.token,
      body: { taxMode: 'EXCLUSIVE', defaultTaxRate: 810, cashRounding: 5 },
    });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.body).toMatchObject({ taxMode: 'EXCLUSIVE', defaultTaxRate: 810, cashRounding: 5 });
    const res = await sell(t, shop, {
      lines: [{ name: 'Bread', unitPrice: 420, quantity: 1 }],
      payment: cash('CHF', 500),
    });
    // 4.20 + 8.1% = 4.54 (0.3402 → 0.34); cash rounds to 4.55.
    expect(res.body).toMatchObject({ tax: 34, total: 454, rounding: 1, due: 455, changeInMain: 45 });
    expect(res.body.taxes).toEqual([{ rate: 810, base: 420, tax: 34 }]);
    const card = await sell(t, shop, {
      lines: [{ name: 'Bread', unitPrice: 420, quantity: 1 }],
      payment: { method: 'CARD', currency: 'CHF', amount: 454 },
    });
    expect(card.body).toMatchObject({ total: 454, rounding: 0, due: 454 });
  });

  it('lists sales by month and by date, filtered and paged, and never another store’s', async () => {
    const shop = await createUser(t, { secondCurrency: null });
    const tea = await createProduct(t, shop, { code: ean13(), name: 'Jasmine tea', price: 300, quantity: 10 });
    for (let i = 0; i < 3; i++) {
      await sell(t, shop, { lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 300) });
      t.clock.advance(1000);
    }
    await sell(t, shop, {
      lines: [{ name: 'Biscuits', unitPrice: 150, quantity: 2 }],
      payment: { method: 'CARD', currency: 'USD', amount: 300 },
    });
    const month = new Date().toISOString().slice(0, 7);
    const list = (path: string, query: Record<string, string>) =>
      t.request('GET', `/api/secure/shop/transaction/range/${path}?${new URLSearchParams(query).toString()}`, {
        token: shop.token,
      });
    const all = await list('by-month', { month, size: '2' });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ page: 0, size: 2, total: 4 });
    expect(all.body.items).toHaveLength(2);
    expect(all.body.items[0]).toMatchObject({ firstItems: 'Biscuits', methods: ['CARD'], itemCount: 2, total: 300 });
    expect((await list('by-month', { month, q: 'jasmine' })).body.total).toBe(3);
    expect((await list('by-month', { month, method: 'CARD' })).body.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list('by-date', { from: today, to: today })).body.total).toBe(4);
    expect((await list('by-date', { from: '2020-01-01', to: '2020-01-31' })).body.total).toBe(0);
    const backwards = await list('by-date', { from: today, to: '2020-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details[0].field).toBe('to');
    expect((await list('by-month', { month: '2026-13' })).status).toBe(400);
  });
});

describe.each(engines)('the free tier of sales on %s', (engine) => {
  const t = useTestApp(engine, { FREE_TRANSACTION_LIMIT: '5' });

  it('the last allowed sale succeeds, the next gets 402 and writes nothing; parked carts do not count', async () => {
    const u = await createUser(t, { secondCurrency: null });
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 100 });
    const sale = () => sell(t, u, { lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 100) });
    for (let i = 0; i < 4; i++) expect((await sale()).status).toBe(201);
    const parked = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: { clientId: randomUUID(), status: 'PARKED', lines: [{ code: tea.code, quantity: 1 }] },
    });
    expect(parked.status).toBe(201);
    expect((await sale()).status).toBe(201);
    const refused = await sale();
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('FREE_LIMIT_REACHED');
    expect(await quantityOf(t, u, tea.code)).toBe(95);
    const status = await t.request('GET', '/api/secure/subscription/status', { token: u.token });
    expect(status.body).toMatchObject({ shopTransactionCount: 5, freeTransactionLimit: 5, freeLimitHasReached: true });
    await expectLedgerConsistent(t);
  });

  it('20 concurrent sales crossing the limit: exactly the free ones are stored', async () => {
    const u = await createUser(t, { secondCurrency: null });
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 0 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell(t, u, { lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 100) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(15);
    expect(await quantityOf(t, u, tea.code)).toBe(-5);
    await expectLedgerConsistent(t);
  });

  it("counts the calendar month of the store's timezone: a new month there frees the limit", async () => {
    // 09:00 UTC on the last day of a month is 23:00 in Kiritimati (UTC+14); two hours later it is
    // still that month in UTC, but already the 1st of the next one in the store.
    const now = t.clock.now();
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 9, 0));
    t.clock.advance(lastDay.getTime() - now.getTime());
    try {
      const u = await createUser(t, { secondCurrency: null });
      const moved = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}`, {
        token: u.token,
        body: {
          name: u.store.name,
          mainCurrency: 'USD',
          secondCurrency: null,
          timezone: 'Pacific/Kiritimati',
          address: '',
          phone: '',
        },
      });
      expect(moved.status, moved.text).toBe(200);
      const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 10 });
      const sale = () => sell(t, u, { lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 100) });
      for (let i = 0; i < 5; i++) expect((await sale()).status).toBe(201);
      expect((await sale()).status).toBe(402);
      t.clock.advance(2 * 3600_000);
      expect((await sale()).status).toBe(201);
      const month = (offset: number) =>
        new Date(Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
      const listed = async (m: string) =>
        (await t.request('GET', `/api/secure/shop/transaction/range/by-month?month=${m}`, { token: u.token })).body
          .total;
      expect([await listed(month(0)), await listed(month(1))]).toEqual([5, 1]);
    } finally {
      t.clock.advance(now.getTime() - t.clock.now().getTime());
    }
  });
});
