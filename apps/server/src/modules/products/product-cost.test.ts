import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

/*
 * What a product cost the shop is for members who see costs (REPORTS or PRODUCTS, `seesCost`):
 * a cashier's catalogue reads (lookup, search, the device's change feed) carry no cost, as their
 * home shows no stock value at cost.
 */
describe.each(engines)('product cost by rights on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  let code: string;
  beforeAll(async () => {
    [owner, cashier] = await Promise.all([createUser(t), createUser(t)]);
    await addMember(t, owner.store, cashier, 'CASHIER');
    code = (await createProduct(t, owner, { name: 'Sencha', price: 1200, cost: 700, quantity: 5 })).code;
  });
  const read = (as: TestUser, path: string) =>
    t.request('GET', path, { token: as.token, headers: { 'x-store': owner.store.urlName } });

  it('answers the cost to the owner and null to a cashier, on every catalogue read', async () => {
    for (const path of [`/api/secure/product/code/${code}`, `/api/secure/product/lookup/${code}`]) {
      const mine = await read(owner, path);
      const theirs = await read(cashier, path);
      expect(mine.status, mine.text).toBe(200);
      expect(theirs.status, theirs.text).toBe(200);
      expect((mine.body.product ?? mine.body).cost).toBe(700);
      expect((theirs.body.product ?? theirs.body).cost).toBeNull();
      expect((theirs.body.product ?? theirs.body).price).toBe(1200);
    }
    const list = await read(cashier, '/api/secure/product');
    expect(list.body.items.map((p: { cost: number | null }) => p.cost)).toEqual([null]);
    // The feed lists changes older than 5 s.
    t.clock.advance(6_000);
    const feed = await read(cashier, '/api/secure/product/changes');
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body.items.map((p: { cost: number | null }) => p.cost)).toEqual([null]);
    expect((await read(owner, '/api/secure/product')).body.items[0].cost).toBe(700);
  });
});
