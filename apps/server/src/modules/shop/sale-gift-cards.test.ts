import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sixMonthExpiry, type ShopTransaction, type StatisticSummary } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * Gift cards sold and spent at the counter (product.md §5 "Gift cards and store credit"): a card
 * line activates its card at completion, untaxed and undiscounted; a STORED_VALUE tender takes at
 * most the balance with a guarded decrement, never gives change, and a retry spends once.
 */

type Body = Record<string, unknown>;
const cash = (amount: number) => ({ method: 'CASH', currency: 'USD', amount });
const card = (cardCode: string, amount: number) => ({ method: 'STORED_VALUE', currency: 'USD', amount, cardCode });

const post = (t: TestApp, u: TestUser, body: Body) =>
  t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', { token: u.token, body });

async function sellCard(t: TestApp, u: TestUser, amount: number, code?: string): Promise<string> {
  const r = await post(t, u, {
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ quantity: 1, giftCard: { amount, ...(code ? { code } : {}) } }],
    payment: cash(amount),
  });
  expect(r.status, r.text).toBe(201);
  const sold = r.body.lines[0]?.giftCardCode;
  expect(sold).toMatch(/^[0-9A-Z]{8,32}$/);
  return sold!;
}

describe.each(engines)('gift cards at the counter on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let tea: { code: string };
  beforeAll(async () => {
    u = await createUser(t);
    tea = await createProduct(t, u, { code: ean13(), price: 1000, quantity: 1000 });
  });

  it('sells a card untaxed and undiscounted, then spends it with cash for the rest', async () => {
    const sold = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [
        { code: tea.code, quantity: 1 },
        { quantity: 1, giftCard: { amount: 5000 } },
      ],
      discount: { kind: 'PERCENT', basisPoints: 1000 },
      payment: cash(5900),
    });
    expect(sold.status, sold.text).toBe(201);
    const line = sold.body.lines[1]!;
    expect(line).toMatchObject({ total: 5000, tax: 0, cartDiscount: 0 });
    expect(sold.body.total).toBe(5900);
    const code = line.giftCardCode!;
    const spend = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 7 }],
      payments: [card(code, 5000), cash(2000)],
    });
    expect(spend.status, spend.text).toBe(201);
    expect(spend.body.payments[0]).toMatchObject({
      method: 'STORED_VALUE',
      cardCode: code,
      cardBalance: 0,
      applied: 5000,
    });
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('refuses more than the balance, change, and an unknown card; a retry spends once', async () => {
    const code = await sellCard(t, u, 3000);
    const over = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 4 }],
      payments: [card(code, 4000)],
    });
    expect(over.status, over.text).toBe(409);
    expect(over.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const change = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 1 }],
      payments: [card(code, 2000)],
    });
    expect(change.status, change.text).toBe(400);
    const unknown = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 1 }],
      payments: [card('1234567890123456', 1000)],
    });
    expect(unknown.status, unknown.text).toBe(404);
    const body = {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 2 }],
      payments: [card(code, 2000)],
    };
    const first = await post(t, u, body);
    expect(first.status, first.text).toBe(201);
    const again = await Promise.all([1, 2, 3].map(() => post(t, u, body)));
    for (const r of again) expect(r.status, r.text).toBe(200);
    expect(first.body.payments[0]?.cardBalance).toBe(1000);
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('concurrent spends of one card never take more than its balance', async () => {
    const code = await sellCard(t, u, 5000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t, u, {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ code: tea.code, quantity: 1 }],
          payments: [card(code, 1000)],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(5);
    for (const r of results) expect([201, 409]).toContain(r.status);
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('refuses a blocked card and an expired one with a clear 409, and sells a card expiring in six months for yen', async () => {
    const blocked = await sellCard(t, u, 2000);
    const expired = await sellCard(t, u, 2000);
    await t.db.updateTable('stored_value_accounts').set({ status: 'BLOCKED' }).where('code', '=', blocked).execute();
    await t.db
      .updateTable('stored_value_accounts')
      .set({ expires_at: '2020-01-31' })
      .where('code', '=', expired)
      .execute();
    for (const [code, message] of [
      [blocked, 'This gift card is blocked. Ask the shop’s owner.'],
      [expired, 'This gift card has expired.'],
    ] as const) {
      const r = await post(t, u, {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: tea.code, quantity: 1 }],
        payments: [card(code, 1000)],
      });
      expect(r.status, r.text).toBe(409);
      expect(r.body).toMatchObject({ code: 'CARD_UNAVAILABLE', message });
    }
    // A USD store's cards do not expire unless it asks; turned on, a card expires six months less a day later.
    const open = await t.db
      .selectFrom('stored_value_accounts')
      .select('expires_at')
      .where('code', '=', blocked)
      .executeTakeFirstOrThrow();
    expect(open.expires_at).toBeNull();
    await t.db.updateTable('stores').set({ sv_expire_six_months: 1 }).where('id', '=', u.store.id).execute();
    const sold = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 1000 } }],
      payment: cash(1000),
    });
    expect(sold.status, sold.text).toBe(201);
    const row = await t.db
      .selectFrom('stored_value_accounts')
      .select(['expires_at', 'created_at'])
      .where('code', '=', sold.body.lines[0]!.giftCardCode!)
      .executeTakeFirstOrThrow();
    // The test store's business day is UTC's.
    expect(row.expires_at).toBe(sixMonthExpiry(row.created_at.slice(0, 10)));
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('refuses a scanned card code already in use and a member code as a gift card', async () => {
    const code = await sellCard(t, u, 1000, 'GC0000000001');
    expect(code).toBe('GC0000000001');
    const again = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 1000, code: 'gc-0000-0000-01' } }],
      payment: cash(1000),
    });
    expect(again.status, again.text).toBe(409);
    const member = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 1000, code: 'M0123456789' } }],
      payment: cash(1000),
    });
    expect(member.status, member.text).toBe(400);
  });

  it('reports a gift card sold as money taken, not as sales, and its spending under its own method', async () => {
    const owner = await createUser(t, { secondCurrency: null });
    const product = await createProduct(t, owner, { code: ean13(), price: 1000, quantity: 100 });
    const sold = await post(t, owner, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 3000 } }],
      payment: cash(3000),
    });
    expect(sold.status, sold.text).toBe(201);
    const code = sold.body.lines[0]!.giftCardCode!;
    const spent = await post(t, owner, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: product.code, quantity: 2 }],
      payments: [card(code, 2000)],
    });
    expect(spent.status, spent.text).toBe(201);
    const day = sold.body.soldAt.slice(0, 10);
    const res = await t.request<StatisticSummary>('GET', `/api/secure/shop/statistic/summary?from=${day}&to=${day}`, {
      token: owner.token,
    });
    expect(res.status, res.text).toBe(200);
    // Sales are the goods (2000); the card's 3000 is cash taken, held for its bearer.
    expect(res.body.totals).toMatchObject({ grossSales: 2000, itemsSold: 2, transactionCount: 2 });
    expect(res.body.topProducts.byQuantity.map((p) => p.name)).not.toContain('Gift card');
    const byMethod = Object.fromEntries(res.body.tenders.map((x) => [x.methodId, [x.method, x.takenInMain]]));
    expect(byMethod).toEqual({ CASH: ['CASH', 3000], GIFT_CARD: ['STORED_VALUE', 2000] });
  });

  it('keeps a held cart’s gift card line marked, and numbers its card when the cart is completed', async () => {
    const held = await post(t, u, {
      clientId: randomUUID(),
      status: 'PARKED',
      lines: [{ quantity: 1, giftCard: { amount: 2500 } }],
    });
    expect(held.status, held.text).toBe(201);
    expect(held.body.lines[0]).toMatchObject({ giftCard: true, giftCardCode: null });
    const none = await t.db
      .selectFrom('stored_value_accounts')
      .select('id')
      .where('store_id', '=', u.store.id)
      .where('sale_id', '=', held.body.id)
      .execute();
    expect(none).toEqual([]);
    const done = await t.request<ShopTransaction>('PUT', `/api/secure/shop/transaction/${held.body.code}`, {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ quantity: 1, giftCard: { amount: 2500 } }],
        payment: cash(2500),
      },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.lines[0]!.giftCard).toBe(true);
    expect(done.body.lines[0]!.giftCardCode).toMatch(/^\d{16}$/);
    await expectStoredValueConsistent(t, u.store.id);
  });
});
