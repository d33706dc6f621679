import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, parseCsvRows, type ProductChanges, type ShopTransaction } from '@shopdesk/shared';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, ean13, productBody } from '../../test/products.ts';
import { SETTLE_MS } from './product-changes.service.ts';

/** A product's own tax rate, e.g. a reduced food rate. */
describe.each(engines)('product tax rate on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
  });

  const byCode = (method: string, code: string, body?: unknown) =>
    t.request(method, `/api/secure/product/code/${code}`, { token: u.token, body });

  it('round-trips taxRate: none by default, kept when an update omits it, cleared by null', async () => {
    const plain = await createProduct(t, u);
    expect(plain.taxRate).toBeNull();

    const rice = await createProduct(t, u, { taxRate: 800 });
    expect(rice.taxRate).toBe(800);
    expect((await byCode('GET', rice.code)).body.taxRate).toBe(800);

    const { taxRate: _omitted, ...withoutRate } = productBody({ code: rice.code, name: 'Rice 5kg' });
    const renamed = await byCode('PUT', rice.code, withoutRate);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Rice 5kg', taxRate: 800 });

    const changed = await byCode('PUT', rice.code, { ...withoutRate, taxRate: 500 });
    expect(changed.body.taxRate).toBe(500);

    const cleared = await byCode('PUT', rice.code, { ...withoutRate, taxRate: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.taxRate).toBeNull();
    expect((await byCode('GET', rice.code)).body.taxRate).toBeNull();
  });

  it('refuses a rate that is not whole basis points from 0 to 100%', async () => {
    for (const taxRate of [-1, 10_001, 8.5, '800']) {
      const res = await t.request('POST', '/api/secure/product', {
        token: u.token,
        body: productBody({ taxRate } as never),
      });
      expect(res.status, `${String(taxRate)}: ${res.text}`).toBe(400);
      expectFieldErrors(res, ['taxRate']);
    }
  });

  it('carries the rate in the product changes feed', async () => {
    const p = await createProduct(t, u, { taxRate: 250 });
    // The feed hands out a change once it has settled (SETTLE_MS).
    t.clock.advance(SETTLE_MS + 1);
    const res = await t.request<ProductChanges>('GET', '/api/secure/product/changes?limit=1000', { token: u.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.find((i) => i.code === p.code)?.taxRate).toBe(250);
  });

  it('exports the rate as a percentage and imports it, old files without the column still importing', async () => {
    const shop = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    const rice = await createProduct(t, shop, { code: ean13(), name: 'Rice', price: 1080, taxRate: 850 });
    const beer = await createProduct(t, shop, { code: ean13(), name: 'Beer', price: 1100 });
    const res = await fetch(`${t.url}/api/secure/product/export.csv`, {
      headers: { authorization: `Bearer ${shop.token}` },
    });
    const [header, ...lines] = parseCsvRows(await res.text());
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
    const rateOf = new Map(lines.map((l) => [l[0], l[header!.indexOf('taxRate')]]));
    expect(rateOf.get(rice.code)).toBe('8.5');
    expect(rateOf.get(beer.code)).toBe('');

    const importRows = (rows: Array<Record<string, unknown>>) =>
      t.request('POST', '/api/secure/product/import', {
        token: shop.token,
        body: { importId: randomUUID(), batch: 0, rows },
      });
    const fresh = ean13();
    const first = await importRows([
      // An old file: no taxRate column at all. The rice keeps its rate.
      { line: 2, code: rice.code, name: 'Rice 5kg', price: '1080' },
      { line: 3, code: beer.code, name: 'Beer', price: '1100', taxRate: '10' },
      { line: 4, code: fresh, name: 'Bread', price: '300', taxRate: '8' },
      { line: 5, code: ean13(), name: 'Odd', price: '1', taxRate: '8.125' },
    ]);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ created: 1, updated: 2, rejected: 1 });
    expect(first.body.errors).toEqual([
      { line: 5, field: 'taxRate', message: expect.stringContaining('Tax rate must be a percentage') },
    ]);
    const rateNow = async (code: string) =>
      (await t.request('GET', `/api/secure/product/code/${code}`, { token: shop.token })).body.taxRate;
    expect(await rateNow(rice.code)).toBe(850);
    expect(await rateNow(beer.code)).toBe(1000);
    expect(await rateNow(fresh)).toBe(800);

    // The same rate again changes nothing; a new one is an update.
    const again = await importRows([
      { line: 2, code: fresh, name: 'Bread', price: '300', taxRate: '8' },
      { line: 3, code: beer.code, name: 'Beer', price: '1100', taxRate: '8' },
    ]);
    expect(again.body).toMatchObject({ unchanged: 1, updated: 1 });
    expect(await rateNow(beer.code)).toBe(800);
  });

  it('sells a reduced-rate product at its rate and the rest at the default, one tax bucket per rate', async () => {
    const shop = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    const settings = await t.request('PUT', `/api/secure/virtual-store/${shop.store.urlName}/sale-settings`, {
      token: shop.token,
      body: { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, cashRounding: 0 },
    });
    expect(settings.status, settings.text).toBe(200);
    const rice = await createProduct(t, shop, { code: ean13(), name: 'Rice', price: 1080, taxRate: 800 });
    const beer = await createProduct(t, shop, { code: ean13(), name: 'Beer', price: 1100 });
    const res = await t.request('POST', '/api/secure/shop/transaction', {
      token: shop.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [
          { code: rice.code, quantity: 1 },
          { code: beer.code, quantity: 1 },
          // An open-price line has no product: it takes the store's default rate.
          { name: 'Bag', unitPrice: 550, quantity: 1 },
        ],
        payment: { method: 'CASH', currency: 'JPY', amount: 3000 },
      },
    });
    expect(res.status, res.text).toBe(201);
    const sale: ShopTransaction = res.body;
    expect(sale.lines.map((l) => [l.name, l.taxRate, l.tax])).toEqual([
      ['Rice', 800, 80],
      ['Beer', 1000, 100],
      ['Bag', 1000, 50],
    ]);
    expect(sale.taxes).toEqual([
      { rate: 800, base: 1000, tax: 80 },
      { rate: 1000, base: 1500, tax: 150 },
    ]);
    expect(sale.taxes.reduce((sum, b) => sum + b.tax, 0)).toBe(sale.tax);
    expect(sale.taxes.reduce((sum, b) => sum + b.base + b.tax, 0)).toBe(sale.total);
    expect(sale).toMatchObject({ total: 2730, tax: 230, changeInMain: 270 });

    // Clearing the product's rate puts it back on the store's default for the next sale.
    await t.request('PUT', `/api/secure/product/code/${rice.code}`, {
      token: shop.token,
      body: productBody({ code: rice.code, name: 'Rice', price: 1080, taxRate: null }),
    });
    const next = await t.request('POST', '/api/secure/shop/transaction', {
      token: shop.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: rice.code, quantity: 1 }],
        payment: { method: 'CARD', currency: 'JPY', amount: 1080 },
      },
    });
    expect(next.status, next.text).toBe(201);
    expect(next.body.taxes).toEqual([{ rate: 1000, base: 982, tax: 98 }]);
  });
});
