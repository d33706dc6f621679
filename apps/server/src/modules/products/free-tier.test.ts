import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, createStore, productBody, storeHeader } from '../../test/products.ts';

const LIMIT = 3;

describe.each(engines)('free product limit on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: String(LIMIT) });

  const post = (u: TestUser, store?: string) =>
    t.request('POST', '/api/secure/product', {
      token: u.token,
      body: productBody({ quantity: 5 }),
      headers: storeHeader(store),
    });
  const countOwned = async (u: TestUser) => {
    const row = await t.db
      .selectFrom('products')
      .innerJoin('stores', 'stores.id', 'products.store_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stores.owner_id', '=', u.user.userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it("counts products across all the user's stores and refuses the one past the limit with 402, writing nothing", async () => {
    const u = await createUser(t);
    const branch = await createStore(t, u);
    await createProduct(t, u);
    await createProduct(t, u, {}, branch);
    await createProduct(t, u);
    const res = await post(u, branch);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('FREE_LIMIT_REACHED');
    expect(res.body.message).toMatch(/free plan includes up to 3 products/);
    expect(await countOwned(u)).toBe(LIMIT);
    await expectLedgerConsistent(t);
  });

  it('frees a slot when a product is deleted', async () => {
    const u = await createUser(t);
    const products = [await createProduct(t, u), await createProduct(t, u), await createProduct(t, u)];
    expect((await post(u)).status).toBe(402);
    await t.request('DELETE', `/api/secure/product/code/${products[0]!.code}`, { token: u.token });
    expect((await post(u)).status).toBe(201);
  });

  it('lets no burst of parallel creates past the limit', async () => {
    const u = await createUser(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(u)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(LIMIT);
    expect(results.filter((r) => r.status === 402)).toHaveLength(10 - LIMIT);
    expect(await countOwned(u)).toBe(LIMIT);
    await expectLedgerConsistent(t);
  });

  it('does not limit a premium user', async () => {
    const u = await createUser(t);
    // No billing API exists yet: premium is set the way the payment webhook will set it.
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    for (let i = 0; i < LIMIT + 2; i++) expect((await post(u)).status).toBe(201);
    expect(await countOwned(u)).toBe(LIMIT + 2);
  });

  it("is counted per user: one user's products do not use another's slots", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    for (let i = 0; i < LIMIT; i++) await createProduct(t, a);
    expect((await post(b)).status).toBe(201);
  });
});
