import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, login, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, ean13, productBody } from '../../test/products.ts';

/** The rules a shop owner reads the report by, one example each (the property test covers the arithmetic). */
describe.each(engines)('statistics rules on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser; // USD, the creator's timezone (UTC in tests)
  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
  });

  let token = '';
  /** Moves the clock and logs in again (a session expires on the moved clock like on a real one). */
  const at = async (iso: string) => {
    t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
    token = await login(t, u.email);
  };
  const summary = async (from: string, to: string, as?: string) =>
    t.request('GET', `/api/secure/shop/statistic/summary?from=${from}&to=${to}`, { token: as ?? token });

  it("keeps each sale's cost as it was, and counts a refund on the day it is made", async () => {
    const start = t.clock.now();
    try {
      const code = ean13();
      await createProduct(t, u, { code, price: 1000, cost: 400, quantity: 10 });
      await at('2026-12-24T10:00:00Z');
      const first = await t.request('POST', '/api/secure/shop/transaction', {
        token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ code, quantity: 2 }],
          payment: { method: 'CASH', currency: 'USD', amount: 2000 },
        },
      });
      expect(first.status, first.text).toBe(201);
      const edited = await t.request('PUT', `/api/secure/product/code/${code}`, {
        token,
        body: productBody({ code, price: 1000, cost: 900 }),
      });
      expect(edited.status, edited.text).toBe(200);
      const second = await t.request('POST', '/api/secure/shop/transaction', {
        token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ code, quantity: 1 }],
          payment: { method: 'CARD', currency: 'USD', amount: 1000 },
        },
      });
      expect(second.status, second.text).toBe(201);

      await at('2026-12-25T09:00:00Z');
      const refund = await t.request('POST', `/api/secure/shop/transaction/${first.body.code}/refund`, {
        token,
        body: { clientId: randomUUID(), lines: [{ lineId: first.body.lines[0].id, quantity: 1 }] },
      });
      expect(refund.status, refund.text).toBe(201);

      const day1 = (await summary('2026-12-24', '2026-12-24')).body;
      expect(day1.totals).toMatchObject({
        transactionCount: 2,
        refundCount: 0,
        itemsSold: 3,
        grossSales: 3000,
        refunds: 0,
        cost: 2 * 400 + 900, // the later cost edit does not rewrite the first sale
        profit: 3000 - 1700,
        averageBasket: 1500,
      });
      expect(day1.tenders).toEqual([
        expect.objectContaining({ method: 'CARD', currency: 'USD', takenInMain: 1000, refunded: 0 }),
        expect.objectContaining({ method: 'CASH', currency: 'USD', takenInMain: 2000, refunded: 0 }),
      ]);
      const day2 = (await summary('2026-12-25', '2026-12-25')).body;
      expect(day2.totals).toMatchObject({
        transactionCount: 0,
        refundCount: 1,
        itemsRefunded: 1,
        grossSales: 0,
        refunds: 1000,
        netSales: -1000,
        cost: -400, // the refunded unit's cost as sold
        profit: -600,
      });
      expect(day2.tenders).toEqual([
        expect.objectContaining({ method: 'CASH', currency: 'USD', refunded: 1000, refundedInMain: 1000 }),
      ]);
      const both = (await summary('2026-12-24', '2026-12-25')).body;
      expect(both.topProducts.byQuantity[0]).toMatchObject({ code, quantity: 2, refundedQuantity: 1, revenue: 2000 });

      // Another user's report of the same days sees none of it.
      const stranger = await createUser(t);
      expect((await summary('2026-12-24', '2026-12-25', stranger.token)).body.totals.transactionCount).toBe(0);
    } finally {
      t.clock.advance(start.getTime() - t.clock.now().getTime());
    }
  });

  it('refuses dates that do not exist, reversed ranges and more than three years', async () => {
    token = u.token;
    expectFieldErrors(await summary('2026-02-30', '2026-03-01'), ['from']);
    expectFieldErrors(await summary('2026-03-02', '2026-03-01'), ['to']);
    expectFieldErrors(await summary('2020-01-01', '2026-01-01'), ['to']);
    // Years before 1970 (0000–0999 answered 500) and the last day of 9999 (500 too).
    expectFieldErrors(await summary('0000-01-01', '0000-12-31'), ['from', 'to']);
    expectFieldErrors(await summary('0999-01-01', '0999-12-31'), ['from', 'to']);
    expectFieldErrors(await summary('9999-12-31', '9999-12-31'), ['from', 'to']);
    expectFieldErrors(await summary('1969-12-31', '1970-01-01'), ['from']);
    for (const [from, to] of [
      ['0500-01-01', '0500-12-31'],
      ['9999-12-31', '9999-12-31'],
    ]) {
      const res = await t.request('GET', `/api/secure/shop/statistic/search/window/0/10?from=${from}&to=${to}`, {
        token,
      });
      expect(res.status, from).toBe(400);
    }
    const window = await t.request(
      'GET',
      '/api/secure/shop/statistic/search/window/0/101?from=2026-01-01&to=2026-01-31&groupBy=week',
      { token },
    );
    expect(window.status).toBe(400);
  });
});
