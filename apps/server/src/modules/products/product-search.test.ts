import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

describe.each(engines)('product search on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    const rows = [
      { code: 'TEA-1', name: 'green tea', brand: 'Leafy', category: 'Drinks', price: 300, quantity: 5 },
      { code: 'TEA-2', name: 'Black Tea', brand: 'Leafy', category: 'Drinks', price: 250, quantity: 0 },
      { code: 'COF-1', name: 'Coffee Beans', brand: 'Roastery', category: 'Drinks', price: 900, quantity: 2 },
      { code: 'SOAP-1', name: 'Olive Soap', brand: 'Clean_Co', category: 'Home', price: 300, quantity: 9 },
      { code: 'CHOC-1', name: 'Éclair Chocolate', brand: 'Maison', category: '', price: 150, quantity: -1 },
      { code: '100-JUICE', name: 'Apple Juice 100%', brand: 'Orchard', category: 'Drinks', price: 180, quantity: 3 },
    ];
    for (const row of rows) await createProduct(t, u, row);
    // A neighbour whose products must never appear.
    await createProduct(t, await createUser(t), { code: 'TEA-9', name: 'Green Tea Theirs', brand: 'Leafy' });
  });

  const search = (page: number, size: number, query = '') =>
    t.request('GET', `/api/secure/product/search/window/${page}/${size}${query ? `?${query}` : ''}`, {
      token: u.token,
    });
  const codes = (body: { items: { code: string }[] }) => body.items.map((p) => p.code);

  it('lists the first window sorted by name, case-insensitively, with the total', async () => {
    const res = await t.request('GET', '/api/secure/product', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 20, total: 6 });
    // Accents and case do not count: "Éclair" sorts as "eclair".
    expect(codes(res.body)).toEqual(['100-JUICE', 'TEA-2', 'COF-1', 'CHOC-1', 'TEA-1', 'SOAP-1']);
  });

  it('matches every word of q in code, name or brand, case-insensitively', async () => {
    expect(codes((await search(0, 10, 'q=TEA')).body)).toEqual(['TEA-2', 'TEA-1']);
    expect(codes((await search(0, 10, 'q=leafy%20green')).body)).toEqual(['TEA-1']);
    expect(codes((await search(0, 10, 'q=roast')).body)).toEqual(['COF-1']);
    expect(codes((await search(0, 10, 'q=soap-1')).body)).toEqual(['SOAP-1']);
    expect(codes((await search(0, 10, 'q=%C3%A9CLAIR')).body)).toEqual(['CHOC-1']);
    expect(codes((await search(0, 10, 'q=eclair')).body)).toEqual(['CHOC-1']);
    const none = await search(0, 10, 'q=nothing-like-this');
    expect(none.body).toEqual({ items: [], page: 0, size: 10, total: 0 });
  });

  it('treats % and _ in q as plain characters', async () => {
    expect(codes((await search(0, 10, 'q=100%25')).body)).toEqual(['100-JUICE']);
    expect(codes((await search(0, 10, 'q=n_c')).body)).toEqual(['SOAP-1']);
    expect((await search(0, 10, 'q=%25')).body.total).toBe(1);
  });

  it('filters by category and lists the categories', async () => {
    const res = await search(0, 10, 'category=Drinks&sort=-price');
    expect(codes(res.body)).toEqual(['COF-1', 'TEA-1', 'TEA-2', '100-JUICE']);
    expect(res.body.total).toBe(4);
    const cats = await t.request('GET', '/api/secure/product/categories', { token: u.token });
    expect(cats.body).toEqual(['Drinks', 'Home']);
  });

  it('sorts by every PRODUCT_SORTS key with a stable tie-break', async () => {
    const sorted = async (sort: string) => codes((await search(0, 10, `sort=${sort}`)).body);
    expect(await sorted('code')).toEqual(['100-JUICE', 'CHOC-1', 'COF-1', 'SOAP-1', 'TEA-1', 'TEA-2']);
    expect(await sorted('-name')).toEqual(['SOAP-1', 'TEA-1', 'CHOC-1', 'COF-1', 'TEA-2', '100-JUICE']);
    expect(await sorted('quantity')).toEqual(expect.arrayContaining(['CHOC-1']));
    expect((await sorted('quantity'))[0]).toBe('CHOC-1');
    expect((await sorted('-quantity'))[0]).toBe('SOAP-1');
    const byPrice = await sorted('price');
    expect(byPrice.slice(0, 3)).toEqual(['CHOC-1', '100-JUICE', 'TEA-2']);
    expect(new Set(byPrice.slice(3, 5))).toEqual(new Set(['TEA-1', 'SOAP-1']));
    expect(byPrice[5]).toBe('COF-1');
    expect((await sorted('-price')).slice(1, 3)).toEqual([...byPrice.slice(3, 5)].reverse());
    expect(await sorted('price')).toEqual(byPrice);
    expect((await sorted('-updatedAt')).length).toBe(6);
  });

  it('pages without repeating or skipping a product', async () => {
    for (const sort of ['name', 'price', '-quantity', '-updatedAt']) {
      const seen: string[] = [];
      for (let page = 0; page < 4; page++) {
        const res = await search(page, 2, `sort=${sort}`);
        expect(res.body).toMatchObject({ page, size: 2, total: 6 });
        seen.push(...codes(res.body));
      }
      expect(seen).toHaveLength(6);
      expect(new Set(seen).size).toBe(6);
    }
  });

  it('names bad window parameters and queries', async () => {
    expectFieldErrors(await search(0, 0), ['size']);
    expectFieldErrors(await search(0, 101), ['size']);
    expectFieldErrors(await search(-1, 10), ['page']);
    expectFieldErrors(await search(0, 10, 'sort=popularity'), ['sort']);
    expectFieldErrors(await search(0, 10, `q=${'x'.repeat(101)}`), ['q']);
    expect((await t.request('GET', '/api/secure/product/search/window/a/10', { token: u.token })).status).toBe(400);
  });
});
