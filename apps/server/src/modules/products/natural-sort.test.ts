import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as recomputeNameKeys } from '../../db/migrations/202601040100-natural-name-keys.ts';
import { foldText, nameSortKey } from '../../core/text-keys.ts';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, createStore, storeHeader } from '../../test/products.ts';

describe('nameSortKey', () => {
  const sorted = (names: string[]) =>
    [...names].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : nameSortKey(a) > nameSortKey(b) ? 1 : 0));

  it('orders digit runs by their number, ignoring case, accents and leading zeros', () => {
    expect(sorted(['Green tea 10', 'green tea 2', 'Green Tea 1', 'Green tea 010b', 'Éclair 3', 'eclair 20'])).toEqual([
      'Éclair 3',
      'eclair 20',
      'Green Tea 1',
      'green tea 2',
      'Green tea 10',
      'Green tea 010b',
    ]);
    expect(sorted(['x 123456789', 'x 99999999', 'x 1234567890', 'x 0'])).toEqual([
      'x 0',
      'x 99999999',
      'x 123456789',
      'x 1234567890',
    ]);
    expect(sorted(['Tea 2 l', 'Tea 2', 'Tea 12', 'Tea'])).toEqual(['Tea', 'Tea 2', 'Tea 2 l', 'Tea 12']);
  });
});

describe.each(engines)('natural name order on %s', (engine) => {
  const t = useTestApp(engine);
  const names = ['Green tea 10', 'Green tea 2', 'green tea 1', 'Green tea 100 ml', 'Green tea 9 ml'];
  const expected = ['green tea 1', 'Green tea 2', 'Green tea 9 ml', 'Green tea 10', 'Green tea 100 ml'];

  const namesBy = async (token: string, store: string, sort: string) => {
    const res = await t.request('GET', `/api/secure/product/search/window/0/100?sort=${sort}`, {
      token,
      headers: storeHeader(store),
    });
    expect(res.status, res.text).toBe(200);
    return (res.body.items as Array<{ name: string }>).map((p) => p.name);
  };

  it('sorts names with numbers by their number, both ways', async () => {
    const u = await createUser(t);
    const store = await createStore(t, u);
    for (const name of names) await createProduct(t, u, { name }, store);
    expect(await namesBy(u.token, store, 'name')).toEqual(expected);
    expect(await namesBy(u.token, store, '-name')).toEqual([...expected].reverse());
  });

  it('keeps the order after a rename and an import', async () => {
    const u = await createUser(t);
    const store = await createStore(t, u);
    const product = await createProduct(t, u, { name: 'Rice 3 kg' }, store);
    await createProduct(t, u, { name: 'Rice 20 kg' }, store);
    const renamed = await t.request('PUT', `/api/secure/product/code/${product.code}`, {
      token: u.token,
      headers: storeHeader(store),
      body: { ...product, name: 'Rice 30 kg' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const imported = await t.request('POST', '/api/secure/product/import', {
      token: u.token,
      headers: storeHeader(store),
      body: {
        importId: crypto.randomUUID(),
        batch: 0,
        rows: [{ line: 2, code: 'RICE-4', name: 'Rice 4 kg', price: '1' }],
      },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(await namesBy(u.token, store, 'name')).toEqual(['Rice 4 kg', 'Rice 20 kg', 'Rice 30 kg']);
  });

  it('the migration rewrites keys written before natural order', async () => {
    const u = await createUser(t);
    const store = await createStore(t, u);
    for (const name of names) await createProduct(t, u, { name }, store);
    // What the app stored before: the folded name alone.
    const rows = await t.db.selectFrom('products').select(['id', 'name']).execute();
    for (const row of rows) {
      await t.db
        .updateTable('products')
        .set({ name_key: foldText(row.name) })
        .where('id', '=', row.id)
        .execute();
    }
    expect(await namesBy(u.token, store, 'name')).not.toEqual(expected);
    await recomputeNameKeys(t.db as unknown as Kysely<unknown>);
    expect(await namesBy(u.token, store, 'name')).toEqual(expected);
    const keys = await t.db.selectFrom('products').select(['name', 'name_key']).execute();
    for (const row of keys) expect(row.name_key).toBe(nameSortKey(row.name));
  });
});
