import { isInStoreEan13 } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, createStore, ean13, productBody, storeHeader } from '../../test/products.ts';

describe.each(engines)('products on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    other = await createUser(t);
  });

  const post = (body: unknown, token = u.token, store?: string) =>
    t.request('POST', '/api/secure/product', { token, body, headers: storeHeader(store) });
  const byCode = (method: string, code: string, options: { token?: string; body?: unknown; store?: string } = {}) =>
    t.request(method, `/api/secure/product/code/${code}`, {
      token: options.token ?? u.token,
      body: options.body,
      headers: storeHeader(options.store),
    });

  it('creates a product (201) with opening stock recorded in the ledger, and reads it back by code', async () => {
    const imageId = crypto.randomUUID();
    const image = await t.request('PUT', `/api/secure/file/data/${u.store.urlName}/${imageId}`, {
      token: u.token,
      raw: SAMPLE_PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(image.status, image.text).toBe(200);
    const body = productBody({ code: ean13(), quantity: 12, description: 'Cold brew', imageId });
    const res = await post(body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      ...body,
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await byCode('GET', body.code);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const moves = await byCode('GET', `${body.code}/movements`);
    expect(moves.body).toMatchObject({
      total: 1,
      items: [{ delta: 12, reason: 'ADJUSTMENT', userId: u.user.userId, productId: res.body.id }],
    });
    await expectLedgerConsistent(t);
  });

  it('fills defaults and trims text', async () => {
    const res = await post({ code: `  A-${unique()}  `, name: '  Soap  ', price: 0 });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Soap',
      brand: '',
      description: '',
      category: '',
      cost: 0,
      quantity: 0,
      imageId: null,
    });
    expect(res.body.code).not.toMatch(/\s/);
  });

  it('keeps large amounts exact (bigint columns come back as numbers)', async () => {
    const res = await post(productBody({ price: 999_999_999_999, cost: 1_000_000_000_000 }));
    expect(res.status, res.text).toBe(201);
    const read = await byCode('GET', res.body.code);
    expect(read.body).toMatchObject({ price: 999_999_999_999, cost: 1_000_000_000_000 });
  });

  it('refuses a duplicate code in the same store with 409, but allows it in another store', async () => {
    const p = await createProduct(t, u);
    const dup = await post(productBody({ code: p.code }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CONFLICT', details: [{ field: 'code' }] });
    const branch = await createStore(t, u);
    expect((await post(productBody({ code: p.code }), u.token, branch)).status).toBe(201);
    expect((await post(productBody({ code: p.code }), other.token)).status).toBe(201);
  });

  const wrongCheckDigit = () => {
    const code = ean13();
    return code.slice(0, 12) + String((Number(code[12]) + 1) % 10);
  };

  it.each([
    ['a bad check digit', wrongCheckDigit()],
    ['a slash', 'ABC/123'],
    ['49 characters', 'x'.repeat(49)],
    ['an empty code', ''],
    ['spaces inside', 'AB CD'],
  ])('refuses a code with %s: 400 naming code', async (_label, code) => {
    expectFieldErrors(await post(productBody({ code })), ['code']);
  });

  it('accepts codes of the safe alphabet and valid GS1 numbers of every length', async () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '10614141000415', 'abc.DEF_1-2', 'x'.repeat(48)]) {
      const res = await post(productBody({ code }));
      expect(res.status, `${code}: ${res.text}`).toBe(201);
    }
  });

  it('names every bad field', async () => {
    expectFieldErrors(await post({}), ['code', 'name', 'price']);
    expectFieldErrors(await post(productBody({ price: -1 })), ['price']);
    expectFieldErrors(await post(productBody({ price: 1.5 })), ['price']);
    expectFieldErrors(await post(productBody({ cost: -5 })), ['cost']);
    expectFieldErrors(await post(productBody({ name: 'n'.repeat(121) })), ['name']);
    expectFieldErrors(await post(productBody({ name: '   ' })), ['name']);
    expectFieldErrors(
      await post(productBody({ brand: 'b'.repeat(81), category: 'c'.repeat(61), description: 'd'.repeat(2001) })),
      ['brand', 'category', 'description'],
    );
    expectFieldErrors(await post({ ...productBody(), price: '1.99' }), ['price']);
    expectFieldErrors(await post({ ...productBody(), quantity: 2.5 }), ['quantity']);
    expectFieldErrors(await post({ ...productBody(), name: 42, brand: [] }), ['name', 'brand']);
    expectFieldErrors(await post({ ...productBody(), imageId: 'i'.repeat(81) }), ['imageId']);
  });

  // A negative opening quantity (-5) is refused, not saved; each refusal is a sentence for a shop owner.
  it('refuses a negative opening stock, a negative price and an over-long name with readable sentences, and stores nothing', async () => {
    const code = ean13();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ quantity: -5 }, 'quantity', 'Opening stock must not be negative'],
      [{ price: -100 }, 'price', 'Must not be negative'],
      [{ name: 'n'.repeat(169) }, 'name', 'Name must be at most 120 characters'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post({ ...productBody({ code }), ...change });
      expectFieldErrors(res, [field]);
      expect(res.body.details[0].message).toBe(message);
    }
    const read = await t.request('GET', `/api/secure/product/code/${code}`, { token: u.token });
    expect(read.status).toBe(404);
  });

  it('updates every field but the quantity, which only the ledger changes', async () => {
    const p = await createProduct(t, u, { quantity: 5 });
    const body = {
      ...productBody({ name: 'Renamed', price: 250, cost: 10, brand: 'New', category: 'Tea', description: 'x' }),
      quantity: 999,
    };
    const res = await byCode('PUT', p.code, { body });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      code: body.code,
      name: 'Renamed',
      price: 250,
      quantity: 5,
      createdAt: p.createdAt,
    });
    expect((await byCode('GET', p.code)).status).toBe(404);
    expect((await byCode('GET', body.code)).body).toEqual(res.body);
    await expectLedgerConsistent(t);
  });

  it('refuses renaming onto a code that exists (409) and names bad fields on update', async () => {
    const a = await createProduct(t, u);
    const b = await createProduct(t, u);
    const res = await byCode('PUT', a.code, { body: productBody({ code: b.code }) });
    expect(res.status).toBe(409);
    expectFieldErrors(await byCode('PUT', a.code, { body: { ...productBody(), code: 'a/b', price: -1 } }), [
      'code',
      'price',
    ]);
    expect((await byCode('PUT', `missing-${unique()}`, { body: productBody() })).status).toBe(404);
  });

  it('deletes a product with its movements (204), after which the code is free again', async () => {
    const p = await createProduct(t, u, { quantity: 3 });
    await byCode('POST', `${p.code}/adjust`, { body: { delta: 2 } });
    const res = await byCode('DELETE', p.code);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await byCode('GET', p.code)).status).toBe(404);
    expect((await byCode('DELETE', p.code)).status).toBe(404);
    const again = await post(productBody({ code: p.code }));
    expect(again.status).toBe(201);
    expect(again.body.quantity).toBe(0);
    expect((await byCode('GET', `${p.code}/movements`)).body.total).toBe(0);
    await expectLedgerConsistent(t);
  });

  describe('tenancy', () => {
    it("answers 404 for another user's store in X-Store, exactly like a missing store", async () => {
      const theirs = await post(productBody(), u.token, other.store.urlName);
      const missing = await post(productBody(), u.token, `nope-${unique()}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(
        (await t.request('GET', '/api/secure/product', { token: u.token, headers: storeHeader(other.store.urlName) }))
          .status,
      ).toBe(404);
    });

    it("never shows, edits, adjusts or deletes another user's product", async () => {
      const theirs = await createProduct(t, other, { quantity: 4 });
      expect((await byCode('GET', theirs.code)).status).toBe(404);
      expect((await byCode('PUT', theirs.code, { body: productBody({ code: theirs.code }) })).status).toBe(404);
      expect((await byCode('POST', `${theirs.code}/adjust`, { body: { delta: 1 } })).status).toBe(404);
      expect((await byCode('GET', `${theirs.code}/movements`)).status).toBe(404);
      expect((await byCode('DELETE', theirs.code)).status).toBe(404);
      const search = await t.request('GET', `/api/secure/product/search/window/0/100?q=${theirs.code}`, {
        token: u.token,
      });
      expect(search.body.total).toBe(0);
      const check = await byCode('GET', theirs.code, { token: other.token });
      expect(check.body).toEqual(theirs);
    });

    it('acts on the store named by X-Store', async () => {
      const branch = await createStore(t, u);
      const p = await createProduct(t, u, {}, branch);
      expect((await byCode('GET', p.code)).status).toBe(404);
      expect((await byCode('GET', p.code, { store: branch.toUpperCase() })).body.id).toBe(p.id);
    });

    it('requires login', async () => {
      expect((await t.request('GET', '/api/secure/product')).status).toBe(401);
      expect((await t.request('POST', '/api/secure/product', { body: productBody() })).status).toBe(401);
    });
  });

  describe('suggestion for an unknown barcode (/jn)', () => {
    const jn = (code: string, token = u.token, store?: string) =>
      t.request('GET', `/api/secure/product/code/${code}/jn`, { token, headers: storeHeader(store) });

    it('tells validity and the GS1 country without copying anything when the code is unknown', async () => {
      const code = ean13('490');
      expect((await jn(code)).body).toEqual({ code, valid: true, gs1Country: 'Japan' });
      const bad = code.slice(0, 12) + String((Number(code[12]) + 1) % 10);
      expect((await jn(bad)).body).toEqual({ code: bad, valid: false, gs1Country: null });
      expect((await jn('HANDMADE-1')).body).toEqual({ code: 'HANDMADE-1', valid: true, gs1Country: null });
    });

    it("copies name, brand, category and price from the user's other store", async () => {
      const code = ean13('500');
      const branch = await createStore(t, u);
      await createProduct(t, u, { code, name: 'Shortbread', brand: 'Scot', category: 'Biscuits', price: 349 }, branch);
      const res = await jn(code);
      expect(res.body).toEqual({
        code,
        valid: true,
        gs1Country: 'United Kingdom',
        name: 'Shortbread',
        brand: 'Scot',
        category: 'Biscuits',
        price: 349,
        source: branch,
      });
    });

    it('leaves the price out when the other store counts in another currency', async () => {
      const code = ean13('450');
      const yenStore = await createStore(t, u, 'JPY');
      await createProduct(t, u, { code, name: 'Senbei', price: 300 }, yenStore);
      const res = await jn(code);
      expect(res.body).toMatchObject({ name: 'Senbei', source: yenStore });
      expect(res.body.price).toBeUndefined();
    });

    it("never leaks another user's product", async () => {
      const code = ean13('400');
      await createProduct(t, other, { code, name: 'Secret Recipe', brand: 'Theirs' });
      expect((await jn(code)).body).toEqual({ code, valid: true, gs1Country: 'Germany' });
    });
  });

  describe('random barcode', () => {
    it('gives valid, distinct in-store EAN-13 codes that can be used at once', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const res = await t.request('GET', '/api/secure/product/random-barcode', { token: u.token });
        expect(res.status).toBe(200);
        expect(isInStoreEan13(res.body.code)).toBe(true);
        codes.add(res.body.code);
      }
      expect(codes.size).toBe(20);
      const [first] = [...codes];
      expect((await post(productBody({ code: first }))).status).toBe(201);
    });
  });

  it('locks the main currency once the store has products', async () => {
    const fresh = await createUser(t);
    const details = {
      name: 'Shop',
      mainCurrency: 'EUR',
      secondCurrency: null,
      timezone: 'UTC',
      address: '',
      phone: '',
    };
    const put = (mainCurrency: string) =>
      t.request('PUT', `/api/secure/virtual-store/${fresh.store.urlName}`, {
        token: fresh.token,
        body: { ...details, mainCurrency },
      });
    expect((await put('EUR')).status).toBe(200);
    await createProduct(t, fresh);
    const res = await put('GBP');
    expect(res.status).toBe(409);
    expect(res.body.details).toEqual([{ field: 'mainCurrency', message: expect.any(String) }]);
    expect((await put('EUR')).status).toBe(200);
  });

  it('documents every inventory and file route in OpenAPI', async () => {
    const doc = await t.request('GET', '/api/public/openapi.json');
    const paths = Object.keys(doc.body.paths);
    for (const path of [
      '/api/secure/product',
      '/api/secure/product/search/window/{page}/{size}',
      '/api/secure/product/code/{code}',
      '/api/secure/product/code/{code}/jn',
      '/api/secure/product/code/{code}/adjust',
      '/api/secure/product/code/{code}/movements/window/{page}/{size}',
      '/api/secure/product/random-barcode',
      '/api/secure/product/categories',
      '/api/secure/product/export.csv',
      '/api/secure/product/import',
      '/api/secure/file/data/{storeUrl}/{uuid}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(doc.body.paths['/api/secure/product/code/{code}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
  });
});
