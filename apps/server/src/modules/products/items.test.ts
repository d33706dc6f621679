import { randomUUID } from 'node:crypto';
import type {
  Cargo,
  CreateItemBody,
  Item,
  ItemVariantInput,
  Product,
  ProductChanges,
  ShopTransaction,
  UpdateItemBody,
} from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/api-client.ts';
import { addMember, createUser, expectFieldErrors, unique, type TestUser } from '../../test/factories.ts';
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
  let cashier: TestUser;
  beforeAll(async () => {
    [u, cashier] = await Promise.all([createUser(t, { secondCurrency: null }), createUser(t)]);
    // Before the cashier's first call in that store (factories.ts addMember).
    await addMember(t, u.store, cashier, 'CASHIER');
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

  it('moves each variant’s own stock through a sale, a refund, an adjustment, a count and a cargo', async () => {
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
    // A cargo of the large red one arrives: its stock only.
    const large = item.variants[4]!;
    const cargo = await t.request<Cargo>('POST', '/api/secure/cargo/new', {
      token: u.token,
      body: { name: 'Restock', contents: [{ code: large.code, name: large.name, quantity: 7, price: large.price }] },
    });
    expect(cargo.status, cargo.text).toBe(201);
    const arrived = await t.request('POST', '/api/secure/cargo/arrived', {
      token: u.token,
      body: { code: cargo.body.code },
    });
    expect(arrived.status, arrived.text).toBe(200);
    const after = (await getItem(item.id)).body as Item;
    expect(after.variants.map((v) => v.quantity)).toEqual(
      item.variants.map((v, i) => (i === 0 ? 20 : i === 2 ? v.quantity - 4 : i === 4 ? v.quantity + 7 : v.quantity)),
    );
    expect(after.variants.map((v) => v.itemId)).toEqual(item.variants.map(() => item.id));
    await expectLedgerConsistent(t, u.store.id);
  });

  it('folds variants under their item in the window, with totals of those not retired', async () => {
    const name = `Fold ${unique()}`;
    const item = await created(tshirt({ name }));
    t.clock.advance(1000);
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
        unit: 'EACH',
        priceMin: 1500,
        priceMax: 1700,
        lowStockCount: 1,
        updatedAt: item.updatedAt,
      },
      expect.objectContaining({ id: single.id, variantCount: 1, code: single.variants[0]!.code, quantity: 2 }),
    ]);
    const clothes = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: name.toLowerCase(), category: 'Clothes' },
    });
    expect(clothes.ok && clothes.body.items.map((i) => i.id)).toEqual([item.id]);
    const recent = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: name.toLowerCase(), sort: '-updatedAt' },
    });
    // Newest first: the socks were made a second after the T-shirt.
    expect(recent.ok && recent.body.items.map((i) => i.id)).toEqual([single.id, item.id]);
    // A variant's code finds its item; a value of its options too.
    const byCode = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: item.variants[3]!.code },
    });
    expect(byCode.ok && byCode.body.items.map((i) => i.id)).toEqual([item.id]);
  });

  /** The body that keeps an item as it is: its details, options and no variants listed. */
  const same = (item: Item) => ({
    name: item.name,
    brand: item.brand,
    description: item.description,
    category: item.category,
    imageId: item.imageId,
    handle: item.handle,
    options: item.options,
    variants: [] as NonNullable<UpdateItemBody['variants']>,
  });
  const update = (id: string, body: UpdateItemBody) =>
    api(t).put('/api/secure/item/{id}', { token: u.token, params: { id }, body });
  const listed = (v: Product, changes: Partial<ItemVariantInput> = {}) => ({
    id: v.id,
    optionValues: v.optionValues,
    price: v.price,
    ...changes,
  });

  it("says the unit its variants share in the window, and none when they differ (kg and pieces don't add up)", async () => {
    const name = `Units ${unique()}`;
    const rice = await created({
      name: `${name} rice`,
      options: [],
      variants: [{ optionValues: [], code: `RICE-${unique()}`, price: 600, quantity: 12_500, unit: 'KG' }],
    });
    const mixed = await created({
      name: `${name} coffee`,
      options: [{ name: 'Pack', values: ['Loose', 'Box'] }],
      variants: [
        { optionValues: ['Loose'], price: 3000, quantity: 2_250, unit: 'KG' },
        { optionValues: ['Box'], price: 1200, quantity: 4 },
      ],
    });
    const res = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: name.toLowerCase() },
    });
    expect(res.status, res.text).toBe(200);
    const byId = new Map((res.ok ? res.body.items : []).map((i) => [i.id, i]));
    expect(byId.get(rice.id)).toMatchObject({ variantCount: 1, quantity: 12_500, unit: 'KG' });
    expect(byId.get(mixed.id)).toMatchObject({ variantCount: 2, unit: null });

    // With the boxes retired, what is left is sold by the kilogram alone.
    const retire = await update(mixed.id, {
      ...same(mixed),
      variants: mixed.variants.map((v, i) => listed(v, { retired: i === 1 })),
    });
    expect(retire.status, retire.text).toBe(200);
    const after = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 10 },
      query: { q: `${name} coffee`.toLowerCase() },
    });
    expect(after.ok && after.body.items).toEqual([
      expect.objectContaining({ id: mixed.id, variantCount: 1, quantity: 2_250, unit: 'KG' }),
    ]);
  });

  it('adds a value with its variants and opening stock, in the options’ order', async () => {
    const item = await created(tshirt());
    t.clock.advance(1000);
    const body = same(item);
    body.options = [{ name: 'Size', values: ['XS', ...SIZES] }, item.options[1]!];
    body.variants = COLOURS.map((colour) => ({ optionValues: ['XS', colour], price: 1400, quantity: 5 }));
    const res = await update(item.id, body);
    expect(res.status, res.text).toBe(200);
    const after = res.body as Item;
    expect(after.variants.map((v) => v.optionValues.join('/'))).toEqual(
      ['XS', ...SIZES].flatMap((size) => COLOURS.map((c) => `${size}/${c}`)),
    );
    const xs = after.variants.slice(0, 2);
    for (const v of xs) {
      expect(v.code).toMatch(/^2\d{12}$/);
      expect(await product(v.code)).toMatchObject({
        itemId: item.id,
        quantity: 5,
        price: 1400,
        name: `${item.name} (XS, ${v.optionValues[1]})`,
      });
    }
    // The others kept their rows and stock.
    expect(after.variants.slice(2).map((v) => [v.id, v.quantity])).toEqual(
      item.variants.map((v) => [v.id, v.quantity]),
    );
    await expectLedgerConsistent(t, u.store.id);
  });

  it('renames the item on every variant, so search finds the new name, and devices see the change', async () => {
    const item = await created(tshirt());
    const cursor = await changesCursor();
    t.clock.advance(1000);
    const name = `Polo ${unique()}`;
    const res = await update(item.id, { ...same(item), name, brand: 'Linen Co', description: 'Soft' });
    expect(res.status, res.text).toBe(200);
    const after = res.body as Item;
    expect(after.variants.map((v) => v.name)).toEqual(
      item.variants.map((v) => `${name} (${v.optionValues.join(', ')})`),
    );
    expect(after.variants.every((v) => v.brand === 'Linen Co' && v.description === 'Soft')).toBe(true);
    expect(after.variants.every((v) => v.updatedAt > item.updatedAt)).toBe(true);
    const found = await api(t).get('/api/secure/product/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 20 },
      query: { q: `${name.toLowerCase()} linen` },
    });
    expect(found.ok && found.body.items.map((p) => p.id).sort()).toEqual(item.variants.map((v) => v.id).sort());
    t.clock.advance(SETTLE_MS);
    const changes = await t.request<ProductChanges>('GET', `/api/secure/product/changes?since=${cursor}&limit=100`, {
      token: u.token,
    });
    expect(changes.body.items.map((p) => p.name).sort()).toEqual(after.variants.map((v) => v.name).sort());
  });

  it('edits prices in bulk, reorders and renames values, and retires a variant that keeps its stock and barcode', async () => {
    const item = await created(tshirt());
    const body = same(item);
    // Sizes reversed, Red renamed Crimson: the variants with Red are listed with their new value.
    body.options = [
      { name: 'Size', values: [...SIZES].reverse() },
      { name: 'Colour', values: ['Crimson', 'Blue'] },
    ];
    body.variants = item.variants.map((v) =>
      listed(v, {
        optionValues: [v.optionValues[0]!, v.optionValues[1] === 'Red' ? 'Crimson' : 'Blue'],
        price: 2000,
        // Stock is the ledger's: a quantity listed with a variant it has is not applied.
        quantity: 999,
        ...(v.optionValues.join() === 'M,Blue' ? { retired: true } : {}),
      }),
    );
    const res = await update(item.id, body);
    expect(res.status, res.text).toBe(200);
    const after = res.body as Item;
    expect(after.variants.map((v) => v.optionValues.join('/'))).toEqual([
      'L/Crimson',
      'L/Blue',
      'M/Crimson',
      'M/Blue',
      'S/Crimson',
      'S/Blue',
    ]);
    expect(after.variants.map((v) => v.price)).toEqual([2000, 2000, 2000, 2000, 2000, 2000]);
    expect(after.variants.map((v) => [v.id, v.quantity]).sort()).toEqual(
      item.variants.map((v) => [v.id, v.quantity]).sort(),
    );
    const retired = after.variants[3]!;
    expect(retired).toMatchObject({ retired: true, name: `${item.name} (M, Blue)` });
    // Scanning a retired variant still finds it, with its stock.
    const original = item.variants.find((v) => v.id === retired.id)!;
    expect(await product(original.code)).toMatchObject({ retired: true, quantity: original.quantity });
    const folded = await api(t).get('/api/secure/item/search/window/{page}/{size}', {
      token: u.token,
      params: { page: 0, size: 5 },
      query: { q: item.name.toLowerCase() },
    });
    expect(folded.ok && folded.body.items[0]).toMatchObject({
      variantCount: 5,
      quantity: item.variants.reduce((sum, v) => sum + v.quantity, 0) - original.quantity,
    });
    // Un-retired by listing it again.
    const back = await update(item.id, { ...body, variants: [listed(retired, { price: 2000, retired: false })] });
    expect(back.ok && back.body.variants[3]!.retired).toBe(false);
  });

  it('refuses to drop a value still in use, two variants alike, or a barcode of another item, changing nothing', async () => {
    const item = await created(tshirt());
    const other = await created(tshirt());
    const dropped = same(item);
    dropped.options = [{ name: 'Size', values: ['S', 'M'] }, item.options[1]!];
    const res = await update(item.id, dropped);
    expectFieldErrors(res, ['options']);
    expect(!res.ok && res.body.message).toMatch(/"L" of Size is still used by .*retire its variants instead/);

    const alike = same(item);
    alike.variants = [listed(item.variants[0]!, { optionValues: item.variants[1]!.optionValues })];
    expectFieldErrors(await update(item.id, alike), ['variants.0.optionValues']);

    const taken = same(item);
    taken.variants = [listed(item.variants[0]!, { code: other.variants[0]!.code, price: 1 })];
    const conflict = await update(item.id, taken);
    expect(conflict.status, conflict.text).toBe(409);
    expect(!conflict.ok && conflict.body.details).toEqual([{ field: 'variants.0.code', message: expect.any(String) }]);

    const notOurs = same(item);
    notOurs.variants = [listed(other.variants[0]!)];
    expectFieldErrors(await update(item.id, notOurs), ['variants.0.id']);

    expect((await getItem(item.id)).body).toEqual(item);
  });

  it('turns a product of its own into an item with options: its product becomes the first variant', async () => {
    const plain = await createProduct(t, u, { name: 'Canvas bag', quantity: 7, price: 900 });
    const ownItem = (await getItem(plain.id)).body as Item;
    expect(ownItem).toMatchObject({ id: plain.id, options: [], handle: null });
    const body = same(ownItem);
    body.options = [{ name: 'Colour', values: ['Natural', 'Black'] }];
    const missing = await update(plain.id, { ...body, variants: [{ optionValues: ['Black'], price: 900 }] });
    expectFieldErrors(missing, ['options']);
    body.variants = [
      listed(ownItem.variants[0]!, { optionValues: ['Natural'] }),
      { optionValues: ['Black'], price: 950, quantity: 3 },
    ];
    const res = await update(plain.id, body);
    expect(res.status, res.text).toBe(200);
    const item = res.body as Item;
    expect(item).toMatchObject({ id: plain.id, handle: 'canvas-bag', name: 'Canvas bag' });
    expect(item.variants.map((v) => [v.name, v.quantity])).toEqual([
      ['Canvas bag (Natural)', 7],
      ['Canvas bag (Black)', 3],
    ]);
    expect(item.variants[0]!).toMatchObject({ id: plain.id, code: plain.code });
    // The item keeps its own name although its first product's name now carries its value.
    expect(((await getItem(plain.id)).body as Item).name).toBe('Canvas bag');
    await expectLedgerConsistent(t, u.store.id);
  });

  it('documents the item routes in OpenAPI with the product routes’ permissions', async () => {
    const doc = await t.request('GET', '/api/public/openapi.json');
    const paths = doc.body.paths as Record<string, Record<string, { 'x-permission'?: string; 'x-till'?: string }>>;
    const declared = (path: string) =>
      Object.fromEntries(Object.entries(paths[path] ?? {}).map(([method, op]) => [method, op['x-permission']]));
    expect(declared('/api/secure/item')).toEqual({ get: 'MEMBER', post: 'PRODUCTS' });
    expect(declared('/api/secure/item/{id}')).toEqual({ get: 'MEMBER', put: 'PRODUCTS', delete: 'PRODUCTS' });
    expect(declared('/api/secure/item/search/window/{page}/{size}')).toEqual({ get: 'MEMBER' });
    // A till reads the catalogue as it reads products.
    expect(paths['/api/secure/item/search/window/{page}/{size}']!.get!['x-till']).toBe('member');
    expect(paths['/api/secure/product/search/window/{page}/{size}']!.get!['x-till']).toBe('member');
  });

  it('hides the variants’ cost from a member who does not see costs, as product reads do', async () => {
    const item = await created(tshirt());
    const theirs = await api(t).get('/api/secure/item/{id}', {
      token: cashier.token,
      params: { id: item.id },
      store: u.store.urlName,
    });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.ok && theirs.body.variants.map((v) => [v.cost, v.price])).toEqual(
      item.variants.map((v) => [null, v.price]),
    );
    expect(item.variants.every((v) => v.cost === 700)).toBe(true);
    const write = await api(t).delete('/api/secure/item/{id}', {
      token: cashier.token,
      params: { id: item.id },
      store: u.store.urlName,
    });
    expect(write.status).toBe(403);
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
    const full = await api(t).post('/api/secure/item', { token: u.token, body: two });
    expect(full.status, full.text).toBe(201);
    const item = full.body as Item;
    // At the limit: a new variant through an edit is refused too, and nothing of the edit is written.
    const more = await api(t).put('/api/secure/item/{id}', {
      token: u.token,
      params: { id: item.id },
      body: {
        name: 'Renamed',
        options: item.options,
        variants: [{ optionValues: ['L', 'Red'], price: 100 }],
      },
    });
    expect(more.status, more.text).toBe(402);
    expect(await api(t).get('/api/secure/item/{id}', { token: u.token, params: { id: item.id } })).toMatchObject({
      status: 200,
      body: item,
    });
    await expectLedgerConsistent(t, u.store.id);
  });
});
