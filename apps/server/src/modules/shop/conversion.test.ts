import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * A manual rate is bounded to ×1,000 of the reference rate, and a tender too large once converted
 * (at a rate saved before that bound) is a 400 naming the field on sale, completion and refund,
 * never a 500.
 */
describe.each(engines)('exchange rates that would overflow a sale on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let code: string;
  const setManual = (rate: string) =>
    t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/exchange-rate`, { token: u.token, body: { rate } });
  const sell = (body: Record<string, unknown>) =>
    t.request('POST', '/api/secure/shop/transaction', { token: u.token, body: { clientId: randomUUID(), ...body } });
  const yen = (amount: number) => ({ method: 'CASH', currency: 'JPY', amount });

  beforeAll(async () => {
    u = await createUser(t); // USD, second currency JPY
    code = (await createProduct(t, u, { code: ean13(), price: 100, quantity: 100 })).code;
  });

  it('refuses a manual rate more than 1,000 times from the reference rate, with the reason', async () => {
    const reference = await t.request('GET', `/api/secure/virtual-store/${u.store.urlName}/exchange-rate`, {
      token: u.token,
    });
    expect(reference.body.latest).toMatchObject({ base: 'USD', quote: 'JPY' });
    const ref = Number(reference.body.latest.rate);
    for (const rate of ['0.000000000001', (ref / 1001).toFixed(6), (ref * 1001).toFixed(0)]) {
      const res = await setManual(rate);
      expectFieldErrors(res, ['rate']);
      expect(res.body.message, rate).toMatch(/more than 1,000 times (above|below) the reference rate/);
    }
    for (const rate of [(ref / 999).toFixed(6), (ref * 999).toFixed(0), '151.5']) {
      expect((await setManual(rate)).status, rate).toBe(200);
    }
  });

  it('answers 400 naming the field, not 500, when a converted amount is too large', async () => {
    // A rate saved before manual rates were bounded (what the reported store had).
    await t.db
      .updateTable('store_exchange_rates')
      .set({ rate: '0.000000000001' })
      .where('store_id', '=', u.store.id)
      .execute();
    const line = [{ code, quantity: 1 }];
    // Sale: a million yen is 10^20 cents at this rate.
    expectFieldErrors(await sell({ status: 'COMPLETED', lines: line, payment: yen(1_000_000) }), ['payments']);
    // Completing a parked cart.
    const parked = await sell({ status: 'PARKED', lines: line });
    expect(parked.status, parked.text).toBe(201);
    const completed = await t.request('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: u.token,
      body: { clientId: randomUUID(), status: 'COMPLETED', lines: line, payment: yen(1_000_000) },
    });
    expectFieldErrors(completed, ['payments']);
    // Refund: one yen paid the sale at this rate; a thousand back overflow.
    const sale = await sell({ status: 'COMPLETED', lines: line, payment: yen(1) });
    expect(sale.status, sale.text).toBe(201);
    const refund = await t.request('POST', `/api/secure/shop/transaction/${sale.body.code}/refund`, {
      token: u.token,
      body: { clientId: randomUUID(), lines: [{ lineId: sale.body.lines[0].id, quantity: 1 }], tenders: [yen(1000)] },
    });
    expectFieldErrors(refund, ['tenders.0.amount']);
  });
});
