import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, createStore, storeHeader } from '../../test/products.ts';

describe.each(engines)('barcode lookup on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const lookup = (code: string, store?: string, token = u.token) =>
    t.request('GET', `/api/secure/product/lookup/${encodeURIComponent(code)}`, { token, headers: storeHeader(store) });

  it('answers the product of this store, the same as GET /product/code/{code}', async () => {
    const product = await createProduct(t, u, { code: '4006381333931', reorderLevel: 3 });
    const res = await lookup(product.code);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ product });
    const byCode = await t.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
    expect(byCode.body).toEqual(product);
  });

  it('answers null, not 404, for a code the store does not have, also when another store has it', async () => {
    const branch = await createStore(t, u);
    await createProduct(t, u, { code: 'ONLY-IN-BRANCH' }, branch);
    await createProduct(t, await createUser(t), { code: 'THEIRS-1' });
    for (const code of ['ONLY-IN-BRANCH', 'THEIRS-1', 'NEVER-SEEN']) {
      const res = await lookup(code);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ product: null });
    }
    expect((await lookup('ONLY-IN-BRANCH', branch)).body.product.code).toBe('ONLY-IN-BRANCH');
  });

  it('refuses a store that is not the caller’s (404) and a code that cannot be one (400)', async () => {
    const other = await createUser(t);
    const res = await lookup('X', other.store.urlName);
    expect(res.status, res.text).toBe(404);
    expect((await lookup('A\nB')).status).toBe(400);
  });
});
