import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/api-client.ts';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { insertItem, storeIdOf } from '../../test/items.ts';

/**
 * The folded list's search walks the matching products in the sort's order a few hundred at a
 * time (items.repo.ts, walkItemSearch): with more matches than one step, its windows must still be
 * the items in order, page after page, with the exact total, whichever sort.
 */
describe.each(engines)('item search past one step of matches on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '100000' });
  let u: TestUser;
  const word = `walk${unique()}`.toLowerCase();
  const names: string[] = [];

  beforeAll(async () => {
    u = await createUser(t);
    const storeId = await storeIdOf(t, u.store.urlName);
    const options = [{ name: 'Size', values: ['S', 'M', 'L'] }];
    // 130 items × 3 variants: 390 matching products, more than one step of the walk (300).
    for (let i = 0; i < 130; i++) {
      const name = `Shirt ${word} ${String(i).padStart(3, '0')}x`;
      names.push(name);
      await insertItem(t, storeId, { name, options }, [{ values: ['S'] }, { values: ['M'] }, { values: ['L'] }]);
    }
  }, 120_000);

  const window = async (page: number, q: string, sort?: 'name' | '-name') => {
    const res = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page, size: 50 },
      query: { q, ...(sort ? { sort } : {}) },
    });
    expect(res.status, res.text).toBe(200);
    return res.ok ? res.body : undefined!;
  };

  it('pages the items in name order with the total, both ways', async () => {
    const pages = [await window(0, word), await window(1, word), await window(2, word)];
    expect(pages.map((p) => p.total)).toEqual([130, 130, 130]);
    expect(pages.flatMap((p) => p.items.map((i) => i.name))).toEqual(names);
    expect(pages[0]!.items[0]).toMatchObject({ variantCount: 3, code: null });
    const reversed = [await window(0, word, '-name'), await window(1, word, '-name'), await window(2, word, '-name')];
    expect(reversed.flatMap((p) => p.items.map((i) => i.name))).toEqual([...names].reverse());
  });

  it('finds an item by a term only its variants carry, and says when nothing matches', async () => {
    // The letter keeps the number from matching a barcode's digits.
    const one = await window(0, `${word} 007x (m)`);
    expect(one.items.map((i) => i.name)).toEqual([names[7]]);
    expect(one.total).toBe(1);
    const none = await window(0, `${word} nothing-like-this`);
    expect(none).toMatchObject({ items: [], total: 0 });
  });
});
