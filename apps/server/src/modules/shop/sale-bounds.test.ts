import { randomUUID } from 'node:crypto';
import { MAX_SALE_AMOUNT, MAX_SALE_LINES, type ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

/*
 * Bounds (product.md §2): every amount stays within the currency's bounds before anything is
 * stored. A held cart of 200 lines at the largest price and count once summed past 2^53: it was
 * stored, and every screen that read the store's held carts, sales or audit answered 500 for good.
 */
describe.each(engines)('a sale’s bounds, on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(t);
  });

  const hold = (lines: unknown[]) =>
    t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      body: { clientId: randomUUID(), status: 'PARKED', lines },
    });

  it('refuses a held cart or line past the bounds with a 400, and the store’s screens still answer', async () => {
    const huge = { name: 'Gold', unitPrice: MAX_SALE_AMOUNT, quantity: 9_999 };
    for (const lines of [Array.from({ length: MAX_SALE_LINES }, () => huge), [huge], [{ ...huge, quantity: 2 }]]) {
      const res = await hold(lines);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'lines' }] });
    }
    // At the bound itself: kept.
    const largest = await hold([{ ...huge, quantity: 1 }]);
    expect(largest.status, largest.text).toBe(201);
    expect(largest.body.total).toBe(MAX_SALE_AMOUNT);

    const parked = await t.request<ShopTransaction[]>('GET', '/api/secure/shop/transaction/parked', {
      token: owner.token,
    });
    expect(parked.status, parked.text).toBe(200);
    expect(parked.body.map((s) => s.total)).toEqual([MAX_SALE_AMOUNT]);
    const audit = await t.request('GET', `/api/secure/virtual-store/${owner.store.urlName}/audit/window/0/50`, {
      token: owner.token,
    });
    expect(audit.status, audit.text).toBe(200);
  });

  it('refuses a held cart made too large when it is edited', async () => {
    const held = await hold([{ name: 'Gold', unitPrice: MAX_SALE_AMOUNT, quantity: 1 }]);
    expect(held.status, held.text).toBe(201);
    const edited = await t.request('PUT', `/api/secure/shop/transaction/${held.body.code}`, {
      token: owner.token,
      body: { status: 'PARKED', lines: [{ name: 'Gold', unitPrice: MAX_SALE_AMOUNT, quantity: 9_999 }] },
    });
    expect(edited.status, edited.text).toBe(400);
    const reread = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${held.body.code}`, {
      token: owner.token,
    });
    expect(reread.status, reread.text).toBe(200);
    expect(reread.body.total).toBe(MAX_SALE_AMOUNT);
  });
});
