import { randomUUID } from 'node:crypto';
import type { CreateItemBody, Item, Product, ProductChanges, ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/api-client.ts';
import { createUser, expectFieldErrors, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { sellForCash } from '../../test/sales.ts';

/** How long the changes feed waits for a change to settle (product-changes.service.ts). */
const SETTLE_MS = 6_000;
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Red', 'Blue'];

/** A T-shirt in 3 sizes × 2 colours, each with its own barcode and opening stock. */
function tshirt(overrides: Partial<CreateItemBody> = {}): CreateItemBody & { variants: { code?: string }[] } {
  return {
    name: `T-shirt ${unique()}`,
    brand: 'Cotton Co',
    category: 'Clothes',
    options: [
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ],
    variants: SIZES.flatMap((size, s) =>
      COLOURS.map((colour, c) => ({
        optionValues: [size, colour],
        code: ean13('450'),
        price: 1500 + s * 100,
        cost: 700,
        quantity: 10 + s * 2 + c,
      })),
    ),
    ...overrides,
  };
}

describe.each(engines)('items and variants on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
  });

  const create = (body: CreateItemBody, user = u) => api(t).post('/api/secure/item', { token: user.token, body });
  const getItem = (id: string, user = u) => api(t).get('/api/secure/item/{id}', { token: user.token, params: { id } });
  const product = async (code: string) => {
    const res = await api(t).get('/api/secure/product/code/{code}', { token: u.token, params: { code } });
    expect(res.status, res.text).toBe(200);
    return res.body as Product;
  };
  const itemCount = async (user = u): Promise<number> => {
    const res = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: user.token,
      params: { page: 0, size: 1 },
    });
    expect(res.status, res.text).toBe(200);
    return res.ok ? res.body.total : -1;
  };
  /** The changes feed's cursor once every change so far has settled and been read. */
  const changesCursor = async (): Promise<string> => {
    t.clock.advance(SETTLE_MS);
    let since = '';
    for (;;) {
      const page = await t.request<ProductChanges>('GET', `/api/secure/product/changes?limit=1000${since}`, {
        token: u.token,
      });
      expect(page.status, page.text).toBe(200);
      since = `&since=${page.body.next}`;
      if (!page.body.more) return page.body.next;
    }
  };
  const created = async (body: CreateItemBody): Promise<Item> => {
    const res = await create(body);
    expect(res.status, res.text).toBe(201);
    return res.body as Item;
  };

  it('creates a T-shirt in 3 sizes × 2 colours whose variants answer as products by their codes', async () => {
    const body = tshirt();
    const item = await created(body);
    expect(item).toMatchObject({
      name: body.name,
      brand: 'Cotton Co',
      category: 'Clothes',
      options: body.options,
    });
    expect(item.handle).toMatch(/^t-shirt-[a-z0-9]+$/);
    expect(item.variants.map((v) => v.optionValues)).toEqual(SIZES.flatMap((s) => COLOURS.map((c) => [s, c])));
    for (const [i, input] of body.variants.entries()) {
      const variant = await product(input.code!);
      expect(variant).toMatchObject({
        id: item.variants[i]!.id,
        itemId: item.id,
        optionValues: input.optionValues,
        name: `${body.name} (${input.optionValues.join(', ')})`,
        brand: 'Cotton Co',
        category: 'Clothes',
        price: input.price,
        cost: 700,
        quantity: input.quantity,
        retired: false,
      });
    }
    expect((await getItem(item.id)).body).toEqual(item);
    await expectLedgerConsistent(t, u.store.id);
  });

  it('draws an in-store barcode for a variant without one', async () => {
    const body = tshirt();
    delete body.variants[2]!.code;
    const item = await created(body);
    expect(item.variants[2]!.code).toMatch(/^2\d{12}$/);
    expect((await product(item.variants[2]!.code)).itemId).toBe(item.id);
  });

  it('creates an item without options as a product of its own: the item has its product id', async () => {
    const code = `OWN-${unique()}`;
    const item = await created({
      name: 'Green tea',
      options: [],
      variants: [{ optionValues: [], code, price: 250, quantity: 4 }],
    });
    expect(item.handle).toBeNull();
    expect(item.variants).toHaveLength(1);
    expect(item.variants[0]!).toMatchObject({ id: item.id, itemId: item.id, code, name: 'Green tea', quantity: 4 });
    await expectLedgerConsistent(t, u.store.id);
  });

  it('keeps barcodes unique across every variant of the store, writing nothing when refused', async () => {
    const other = await created(tshirt());
    const before = await itemCount();

    const twice = tshirt();
    twice.variants[1]!.code = twice.variants[0]!.code;
    expectFieldErrors(await create(twice), ['variants.1.code']);

    const taken = tshirt();
    taken.variants[3]!.code = other.variants[0]!.code;
    const res = await create(taken);
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT' });
    expect(res.text).toContain(`(${taken.variants[3]!.optionValues.join(', ')})`);
    expect(res.ok || res.body.details).toEqual([{ field: 'variants.3.code', message: expect.any(String) }]);

    const plain = await createProduct(t, u);
    const againstProduct = tshirt();
    againstProduct.variants[0]!.code = plain.code;
    expect((await create(againstProduct)).status).toBe(409);

    for (const v of [...taken.variants.slice(0, 3), ...twice.variants.slice(2)]) {
      const res = await api(t).get('/api/secure/product/code/{code}', { token: u.token, params: { code: v.code! } });
      expect(res.status).toBe(404);
    }
    // Only the plain product was added.
    expect(await itemCount()).toBe(before + 1);
  });

  it('refuses values not among the options, two variants alike and a handle in use', async () => {
    const unknownValue = tshirt();
    unknownValue.variants[0]!.optionValues = ['XL', 'Red'];
    expectFieldErrors(await create(unknownValue), ['variants.0.optionValues.0']);
    const alike = tshirt();
    alike.variants[1]!.optionValues = ['s', 'RED'];
    expectFieldErrors(await create(alike), ['variants.1.optionValues']);
    const first = await created(tshirt({ handle: `tee-${unique()}` }));
    const res = await create(tshirt({ handle: first.handle! }));
    expect(res.status, res.text).toBe(409);
    expect(res.ok || res.body.details?.[0]?.field).toBe('handle');
  });

  it('moves each variant’s own stock through a sale, a refund, an adjustment and a count', async () => {
    const body = tshirt();
    const item = await created(body);
    const [small, medium] = [item.variants[0]!, item.variants[2]!];
    const sale = await sellForCash(t, u, small.code, 3);
    expect(sale.lines[0]).toMatchObject({ productId: small.id, code: small.code, name: small.name, quantity: 3 });
    expect((await product(small.code)).quantity).toBe(small.quantity - 3);
    expect((await product(item.variants[1]!.code)).quantity).toBe(item.variants[1]!.quantity);

    const refund = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${sale.code}/refund`, {
      token: u.token,
      body: { clientId: randomUUID(), lines: [{ lineId: sale.lines[0]!.id, quantity: 1 }], restock: true },
    });
    expect(refund.status, refund.text).toBe(201);
    expect((await product(small.code)).quantity).toBe(small.quantity - 2);

    const adjusted = await t.request('POST', `/api/secure/product/code/${medium.code}/adjust`, {
      token: u.token,
      body: { delta: -4, reason: 'ADJUSTMENT', adjustmentReason: 'DAMAGED' },
    });
    expect(adjusted.status, adjusted.text).toBe(200);
    const counted = await t.request('POST', `/api/secure/product/code/${small.code}/adjust`, {
      token: u.token,
      body: { countedQuantity: 20, reason: 'COUNT' },
    });
    expect(counted.status, counted.text).toBe(200);
    const after = (await getItem(item.id)).body as Item;
    expect(after.variants.map((v) => v.quantity)).toEqual(
      item.variants.map((v, i) => (i === 0 ? 20 : i === 2 ? v.quantity - 4 : v.quantity)),
    );
    await expectLedgerConsistent(t, u.store.id);
  });

  it('folds variants under their item in the window, with totals of those not retired', async () => {
    const name = `Fold ${unique()}`;
    const item = await created(tshirt({ name }));
    const single = await created({
      name: `${name} socks`,
      options: [],
      variants: [{ optionValues: [], code: `SOCK-${unique()}`, price: 300, quantity: 2 }],
    });
    await t.request('POST', `/api/secure/product/code/${item.variants[5]!.code}/adjust`, {
      token: u.token,
      body: { countedQuantity: 1, reason: 'COUNT' },
    });
    await t.request('PUT', `/api/secure/product/code/${item.variants[5]!.code}`, {
      token: u.token,
      body: { code: item.variants[5]!.code, name: item.variants[5]!.name, price: 1700, reorderLevel: 3 },
    });
    const res = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: name.toLowerCase() },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 10, total: 2 });
    const quantities = item.variants.map((v, i) => (i === 5 ? 1 : v.quantity));
    expect(res.ok && res.body.items).toEqual([
      {
        id: item.id,
        name,
        brand: 'Cotton Co',
        category: 'Clothes',
        imageId: null,
        options: item.options,
        variantCount: 6,
        code: null,
        quantity: quantities.reduce((a, b) => a + b, 0),
        priceMin: 1500,
        priceMax: 1700,
        lowStockCount: 1,
        updatedAt: item.updatedAt,
      },
      expect.objectContaining({ id: single.id, variantCount: 1, code: single.variants[0]!.code, quantity: 2 }),
    ]);
    // A variant's code finds its item; a value of its options too.
    const byCode = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: item.variants[3]!.code },
    });
    expect(byCode.ok && byCode.body.items.map((i) => i.id)).toEqual([item.id]);
  });

  it('answers 404 for an unknown item and for another store’s item', async () => {
    const item = await created(tshirt());
    const stranger = await createUser(t);
    const res = await getItem(item.id, stranger);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await getItem(randomUUID())).status).toBe(404);
  });

  it('deletes an item with every variant, its ledger and its history links', async () => {
    const item = await created(tshirt());
    const sale = await sellForCash(t, u, item.variants[1]!.code, 2);
    const cursor = await changesCursor();
    const res = await api(t).delete('/api/secure/item/{id}', { token: u.token, params: { id: item.id } });
    expect(res.status, res.text).toBe(204);
    expect((await getItem(item.id)).status).toBe(404);
    for (const v of item.variants) {
      const gone = await api(t).get('/api/secure/product/code/{code}', { token: u.token, params: { code: v.code } });
      expect(gone.status).toBe(404);
    }
    const read = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${sale.code}`, {
      token: u.token,
    });
    expect(read.body.lines[0]).toMatchObject({ productId: null, code: item.variants[1]!.code, quantity: 2 });
    // Devices' copies learn of each variant's deletion.
    t.clock.advance(SETTLE_MS);
    const changes = await t.request<ProductChanges>('GET', `/api/secure/product/changes?since=${cursor}&limit=1000`, {
      token: u.token,
    });
    expect(changes.body.deleted.map((d) => d.code).sort()).toEqual(item.variants.map((v) => v.code).sort());
    await expectLedgerConsistent(t, u.store.id);
  });
});

describe.each(engines)('items on the free plan on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '8' });

  it('counts each variant as a product: a create past the limit is refused whole', async () => {
    const u = await createUser(t, { secondCurrency: null });
    const first = await api(t).post('/api/secure/item', { token: u.token, body: tshirt() });
    expect(first.status, first.text).toBe(201);
    const second = await api(t).post('/api/secure/item', { token: u.token, body: tshirt() });
    expect(second.status, second.text).toBe(402);
    expect(second.body).toMatchObject({ code: 'FREE_LIMIT_REACHED' });
    const list = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
    });
    expect(list.ok && list.body.total).toBe(1);
    const products = await t.request('GET', '/api/secure/product/search/window/0/50', { token: u.token });
    expect(products.body.total).toBe(6);
    const two = tshirt();
    two.variants = two.variants.slice(0, 2);
    expect((await api(t).post('/api/secure/item', { token: u.token, body: two })).status).toBe(201);
    await expectLedgerConsistent(t, u.store.id);
  });
});
