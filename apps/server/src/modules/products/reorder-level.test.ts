import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, createStore, productBody, storeHeader } from '../../test/products.ts';

describe.each(engines)('reorder level and summary on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let branch: string;
  beforeAll(async () => {
    u = await createUser(t);
    branch = await createStore(t, u);
    const rows = [
      // Low: at the level, below it, and negative.
      { code: 'LOW-AT', name: 'Apple', price: 300, cost: 100, quantity: 5, reorderLevel: 5 },
      { code: 'LOW-BELOW', name: 'Banana', price: 200, cost: 50, quantity: 1, reorderLevel: 10 },
      { code: 'LOW-NEG', name: 'Cherry', price: 1000, cost: 400, quantity: -3, reorderLevel: 0 },
      // Not low: above the level, and no level at all (even at zero stock).
      { code: 'OK-ABOVE', name: 'Date', price: 150, cost: 70, quantity: 6, reorderLevel: 5 },
      { code: 'OK-NONE', name: 'Elderberry', price: 900, cost: 0, quantity: 0 },
    ];
    for (const row of rows) await createProduct(t, u, row);
    // The same user's other store and another user's store must never be counted.
    await createProduct(
      t,
      u,
      { code: 'BRANCH-1', price: 99_999, cost: 9_999, quantity: 50, reorderLevel: 100 },
      branch,
    );
    await createProduct(t, await createUser(t), { code: 'THEIRS', price: 5000, quantity: 1, reorderLevel: 9 });
  });

  const get = (path: string, store?: string) =>
    t.request('GET', `/api/secure/product${path}`, { token: u.token, headers: storeHeader(store) });
  const codes = (body: { items: { code: string }[] }) => body.items.map((p) => p.code);

  it('stores the reorder level (null when not given) and changes it on edit', async () => {
    const read = await get('/code/OK-NONE');
    expect(read.body.reorderLevel).toBeNull();
    expect((await get('/code/LOW-AT')).body.reorderLevel).toBe(5);
    const put = await t.request('PUT', '/api/secure/product/code/OK-NONE', {
      token: u.token,
      body: { code: 'OK-NONE', name: 'Elderberry', price: 900, reorderLevel: 0 },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.reorderLevel).toBe(0);
    const cleared = await t.request('PUT', '/api/secure/product/code/OK-NONE', {
      token: u.token,
      body: { code: 'OK-NONE', name: 'Elderberry', price: 900, reorderLevel: null },
    });
    expect(cleared.body.reorderLevel).toBeNull();
    expect((await get('/code/OK-NONE')).body.reorderLevel).toBeNull();
  });

  it('refuses a reorder level that is negative, fractional, too large or not a number', async () => {
    for (const reorderLevel of [-1, 1.5, 1_000_001, '3']) {
      const res = await t.request('POST', '/api/secure/product', {
        token: u.token,
        body: productBody({ reorderLevel: reorderLevel as number }),
      });
      expectFieldErrors(res, ['reorderLevel']);
    }
  });

  it('lowStock=true lists only products at or below their level, with q, sort and paging', async () => {
    const low = await get('/search/window/0/10?lowStock=true');
    expect(low.status, low.text).toBe(200);
    expect(codes(low.body)).toEqual(['LOW-AT', 'LOW-BELOW', 'LOW-NEG']);
    expect(low.body.total).toBe(3);
    expect(codes((await get('/search/window/0/10?lowStock=true&sort=quantity')).body)).toEqual([
      'LOW-NEG',
      'LOW-BELOW',
      'LOW-AT',
    ]);
    expect(codes((await get('/search/window/0/10?lowStock=true&q=banana')).body)).toEqual(['LOW-BELOW']);
    const second = await get('/search/window/1/2?lowStock=true');
    expect(second.body).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(codes(second.body)).toEqual(['LOW-NEG']);
    expect((await get('/search/window/0/10?lowStock=false')).body.total).toBe(5);
    expectFieldErrors(await get('/search/window/0/10?lowStock=yes'), ['lowStock']);
  });

  it('sums the store value in one summary; negative stock adds nothing, other stores are not counted', async () => {
    const res = await get('/summary');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      productCount: 5,
      // 5×100 + 1×50 + 0 (negative) + 6×70 + 0×0
      stockValueAtCost: 500 + 50 + 420,
      // 5×300 + 1×200 + 0 + 6×150 + 0×900
      stockValueAtPrice: 1500 + 200 + 900,
      lowStockCount: 3,
    });
    const other = await get('/summary', branch);
    expect(other.body).toEqual({
      productCount: 1,
      stockValueAtCost: 50 * 9_999,
      stockValueAtPrice: 50 * 99_999,
      lowStockCount: 1,
    });
  });

  it('values a weighed product’s thousandths per kg, half up, not as pieces', async () => {
    const deli = await createUser(t);
    await createProduct(t, deli, { code: 'CHEESE', price: 1980, cost: 1201, quantity: 1500, unit: 'KG' });
    await createProduct(t, deli, { code: 'JAR', price: 100, cost: 40, quantity: 2 });
    const res = await t.request('GET', '/api/secure/product/summary', { token: deli.token });
    // 1.5 kg × 12.01 = 18.015 → 18.02, and 1.5 × 19.80 = 29.70; with 2 jars.
    expect(res.body).toMatchObject({ stockValueAtCost: 1802 + 80, stockValueAtPrice: 2970 + 200 });
  });

  it('answers an empty store with zeros', async () => {
    const fresh = await createUser(t);
    const res = await t.request('GET', '/api/secure/product/summary', { token: fresh.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ productCount: 0, stockValueAtCost: 0, stockValueAtPrice: 0, lowStockCount: 0 });
  });
});
