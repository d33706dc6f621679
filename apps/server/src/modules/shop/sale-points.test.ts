import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopTransaction } from '@shopdesk/shared';
import { customerNow, createCustomer, setLoyalty } from '../../test/customers.ts';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent, expectPointsConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * A sale's customer and points (product.md §5 "Customers and points"): earned once per sale at
 * completion whatever the retries, redeemed as a discount spread over the lines, never past the
 * balance online, kept and flagged offline, reversed by refunds in step with the refunded units.
 */

type Body = Record<string, unknown>;
const cash = (amount: number) => ({ method: 'CASH', currency: 'USD', amount });

const post = (t: TestApp, u: TestUser, body: Body) =>
  t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', { token: u.token, body });

const refund = (t: TestApp, u: TestUser, code: string, body: Body) =>
  t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${code}/refund`, { token: u.token, body });

describe.each(engines)('points of sales on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let tea: { code: string };
  let cake: { code: string };
  let cashier: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    // Members are added before the store is used, as the other tests do (the app caches who may enter a store).
    cashier = await createUser(t);
    await addMember(t, u.store, cashier, 'CASHIER', ['SELL']);
    // 1 point per 100 minor units paid; a point takes 10 off.
    await setLoyalty(t, u, { earnRate: 100, pointValue: 10 });
    tea = await createProduct(t, u, { code: ean13(), price: 400, quantity: 1000 });
    cake = await createProduct(t, u, { code: ean13(), price: 600, quantity: 1000 });
  });

  const sale = (customerId: string, extra: Body = {}) => ({
    clientId: randomUUID(),
    status: 'COMPLETED',
    customerId,
    lines: [
      { code: tea.code, quantity: 1 },
      { code: cake.code, quantity: 1 },
    ],
    payment: cash(1000),
    ...extra,
  });

  it('earns once per sale: a retry and concurrent copies of one clientId store one EARN', async () => {
    const c = await createCustomer(t, u);
    const body = sale(c.id);
    const first = await post(t, u, body);
    expect(first.status, first.text).toBe(201);
    expect(first.body.customer).toEqual({ id: c.id, code: c.code, name: c.name });
    expect(first.body.points).toEqual({ earned: 10, redeemed: 0, balance: 10, discount: 0 });
    const copies = await Promise.all([1, 2, 3, 4].map(() => post(t, u, body)));
    for (const copy of copies) {
      expect(copy.status, copy.text).toBe(200);
      expect(copy.body.points).toEqual(first.body.points);
    }
    const now = await customerNow(t, u, c.id);
    expect(now).toMatchObject({ pointsBalance: 10, visits: 1, totalSpent: 1000 });
    expect(now.lastVisitAt).not.toBeNull();
    await expectPointsConsistent(t, u.store.id);
  });

  it('concurrent sales of one customer all count, each once', async () => {
    const c = await createCustomer(t, u);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => post(t, u, sale(c.id))));
    for (const r of results) expect(r.status, r.text).toBe(201);
    expect(await customerNow(t, u, c.id)).toMatchObject({ pointsBalance: 50, visits: 5, totalSpent: 5000 });
    await expectPointsConsistent(t, u.store.id);
  });

  it('redeems points as a discount spread over the lines; earns on what was paid after it', async () => {
    const c = await createCustomer(t, u);
    expect((await post(t, u, sale(c.id))).status).toBe(201);
    expect((await post(t, u, sale(c.id))).status).toBe(201);
    // 20 points; 5 of them take 50 off: 950 paid, 9 points earned.
    const res = await post(t, u, sale(c.id, { pointsRedeemed: 5, payment: cash(950) }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.total).toBe(950);
    expect(res.body.points).toEqual({ earned: 9, redeemed: 5, balance: 24, discount: 50 });
    expect(res.body.lines.map((l) => l.pointsDiscount)).toEqual([20, 30]);
    expect(res.body.lines.reduce((sum, l) => sum + l.total, 0)).toBe(950);
    await expectPointsConsistent(t, u.store.id);
  });

  it('an online sale using more points than the balance is 409 and stores nothing', async () => {
    const c = await createCustomer(t, u);
    expect((await post(t, u, sale(c.id))).status).toBe(201);
    const body = sale(c.id, { pointsRedeemed: 11, payment: cash(890) });
    const res = await post(t, u, body);
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_POINTS');
    const stored = await t.db
      .selectFrom('shop_transactions')
      .select('id')
      .where('store_id', '=', u.store.id)
      .where('client_id', '=', body.clientId)
      .execute();
    expect(stored).toEqual([]);
    expect(await customerNow(t, u, c.id)).toMatchObject({ pointsBalance: 10, visits: 1 });
    await expectLedgerConsistent(t, u.store.id);
    await expectPointsConsistent(t, u.store.id);
  });

  it('two tills spending one balance at once: one sale goes through, the other is 409', async () => {
    const c = await createCustomer(t, u);
    expect((await post(t, u, sale(c.id))).status).toBe(201);
    const [a, b] = await Promise.all([
      post(t, u, sale(c.id, { pointsRedeemed: 10, payment: cash(900) })),
      post(t, u, sale(c.id, { pointsRedeemed: 10, payment: cash(900) })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await customerNow(t, u, c.id)).pointsBalance).toBe(9);
    await expectPointsConsistent(t, u.store.id);
  });

  it('an offline sale redeeming past the balance is kept, overdrawn and flagged', async () => {
    const c = await createCustomer(t, u);
    expect((await post(t, u, sale(c.id))).status).toBe(201);
    const soldAt = new Date(Date.now() - 3_600_000).toISOString();
    const res = await post(t, u, sale(c.id, { pointsRedeemed: 30, payment: cash(700), offline: true, soldAt }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.points).toEqual({ earned: 7, redeemed: 30, balance: -13, discount: 300 });
    const row = await t.db
      .selectFrom('shop_transactions')
      .select('points_overdrawn')
      .where('store_id', '=', u.store.id)
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.points_overdrawn)).toBe(1);
    // Overdrawn, they still buy online (only a redemption is held to the balance) and earn.
    const next = await post(t, u, sale(c.id));
    expect(next.status, next.text).toBe(201);
    expect(next.body.points).toMatchObject({ earned: 10, redeemed: 0, balance: -3 });
    await expectPointsConsistent(t, u.store.id);
  });

  it('refusals: no customer, unknown customer, below the minimum, worth more than the cart', async () => {
    const c = await createCustomer(t, u);
    const noCustomer = await post(t, u, { ...sale(c.id, { pointsRedeemed: 1 }), customerId: undefined });
    expect(noCustomer.status, noCustomer.text).toBe(400);
    const unknown = await post(t, u, sale('no-such-customer'));
    expect(unknown.status, unknown.text).toBe(404);
    const tooMuch = await post(t, u, sale(c.id, { pointsRedeemed: 101, payment: cash(1) }));
    expect(tooMuch.status, tooMuch.text).toBe(400);
    expect(tooMuch.text).toContain('pointsRedeemed');
    const other = await createUser(t);
    await setLoyalty(t, other, { minRedeem: 50 });
    const theirs = await createCustomer(t, other);
    const below = await t.request('POST', '/api/secure/shop/transaction', {
      token: other.token,
      body: {
        ...sale(theirs.id, { pointsRedeemed: 10, payment: cash(990) }),
        lines: [{ name: 'x', unitPrice: 1000, quantity: 1 }],
      },
    });
    expect(below.status, below.text).toBe(400);
    // Another store's customer is no customer of this store.
    const foreign = await post(t, u, sale(theirs.id));
    expect(foreign.status, foreign.text).toBe(404);
  });

  it('a cashier without DISCOUNT may attach a customer but not redeem (403 naming DISCOUNT)', async () => {
    const c = await createCustomer(t, u);
    expect((await post(t, u, sale(c.id))).status).toBe(201);
    const as = (body: Body) =>
      t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
        token: cashier.token,
        body,
        headers: { 'x-store': u.store.urlName },
      });
    const plain = await as(sale(c.id));
    expect(plain.status, plain.text).toBe(201);
    expect(plain.body.points?.earned).toBe(10);
    const redeem = await as(sale(c.id, { pointsRedeemed: 5, payment: cash(950) }));
    expect(redeem.status, redeem.text).toBe(403);
    expect(redeem.text).toContain('DISCOUNT');
  });

  it('a held cart keeps its customer and earns only when completed, once', async () => {
    const c = await createCustomer(t, u);
    const parked = await post(t, u, { ...sale(c.id), status: 'PARKED', payment: undefined });
    expect(parked.status, parked.text).toBe(201);
    expect(parked.body.customer?.id).toBe(c.id);
    expect((await customerNow(t, u, c.id)).pointsBalance).toBe(0);
    const completion = { ...sale(c.id) };
    const done = await t.request<ShopTransaction>('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: u.token,
      body: completion,
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.points).toMatchObject({ earned: 10, balance: 10 });
    const again = await t.request('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: u.token,
      body: completion,
    });
    expect(again.status, again.text).toBe(200);
    expect(await customerNow(t, u, c.id)).toMatchObject({ pointsBalance: 10, visits: 1 });
    await expectPointsConsistent(t, u.store.id);
  });

  it('a partial refund reverses the points its lines earned and returns those they used; the rest on the last', async () => {
    const c = await createCustomer(t, u);
    for (let i = 0; i < 3; i++) expect((await post(t, u, sale(c.id))).status).toBe(201);
    // 30 points; 20 of them take 200 off the 1000: 800 paid, 8 earned → 18.
    const res = await post(t, u, sale(c.id, { pointsRedeemed: 20, payment: cash(800) }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.points).toMatchObject({ earned: 8, redeemed: 20, balance: 18 });
    const [teaLine, cakeLine] = res.body.lines;
    // Tea: 400 less 80 of points → 320 paid (of 800: earned 3.2 → shares 3 and 5), used 8 of the 20.
    const first = await refund(t, u, res.body.code, {
      clientId: randomUUID(),
      lines: [{ lineId: teaLine!.id, quantity: 1 }],
    });
    expect(first.status, first.text).toBe(201);
    const r1 = first.body.refunds[0]!;
    expect(r1.amount).toBe(320);
    expect(r1.pointsReturned! - r1.pointsReversed!).toBe((await customerNow(t, u, c.id)).pointsBalance - 18);
    const second = await refund(t, u, res.body.code, { clientId: randomUUID() });
    expect(second.status, second.text).toBe(201);
    const r2 = second.body.refunds.find((r) => r.id !== r1.id)!;
    expect(r1.pointsReversed! + r2.pointsReversed!).toBe(8);
    expect(r1.pointsReturned! + r2.pointsReturned!).toBe(20);
    expect(cakeLine!.pointsDiscount).toBe(120);
    // Everything undone: 18 − 8 + 20 = the 30 from before this sale.
    expect(await customerNow(t, u, c.id)).toMatchObject({ pointsBalance: 30, totalSpent: 3000 });
    await expectPointsConsistent(t, u.store.id);
    await expectLedgerConsistent(t, u.store.id);
  });

  it('with points off, a customer is kept on the sale and earns nothing; redeeming is 400', async () => {
    const other = await createUser(t);
    const c = await createCustomer(t, other);
    const body = {
      clientId: randomUUID(),
      status: 'COMPLETED',
      customerId: c.id,
      lines: [{ name: 'Tea', unitPrice: 500, quantity: 1 }],
      payment: cash(500),
    };
    const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', { token: other.token, body });
    expect(res.status, res.text).toBe(201);
    expect(res.body.points).toEqual({ earned: 0, redeemed: 0, balance: 0, discount: 0 });
    const redeem = await t.request('POST', '/api/secure/shop/transaction', {
      token: other.token,
      body: { ...body, clientId: randomUUID(), pointsRedeemed: 1 },
    });
    expect(redeem.status, redeem.text).toBe(400);
  });
});
