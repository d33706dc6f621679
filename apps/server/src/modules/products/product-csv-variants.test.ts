import { PRODUCT_CSV_COLUMNS, parseCsvRows } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { insertItem, storeIdOf } from '../../test/items.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, createStore, ean13, storeHeader } from '../../test/products.ts';

type Row = Record<string, unknown>;

describe.each(engines)('product CSV with variants on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const importBatch = async (store: string, rows: Row[], options: { importId?: string; batch?: number } = {}) => {
    const res = await t.request('POST', '/api/secure/product/import', {
      token: u.token,
      headers: storeHeader(store),
      body: { importId: options.importId ?? crypto.randomUUID(), batch: options.batch ?? 0, rows },
    });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const exportRows = async (store: string) => {
    const res = await fetch(`${t.url}/api/secure/product/export.csv`, {
      headers: { authorization: `Bearer ${u.token}`, ...storeHeader(store) },
    });
    expect(res.status).toBe(200);
    const [header, ...lines] = parseCsvRows(await res.text());
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
    return lines.map((l) => Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, j) => [c, l[j]])));
  };
  /** The store's items with their variants, as the database has them, comparable across stores. */
  const catalogue = async (store: string) => {
    const storeId = await storeIdOf(t, store);
    const items = await t.db
      .selectFrom('items')
      .selectAll()
      .where('store_id', '=', storeId)
      .orderBy('name')
      .orderBy('id')
      .execute();
    const products = await t.db.selectFrom('products').selectAll().where('store_id', '=', storeId).execute();
    return items.map((item) => ({
      handle: item.handle,
      name: item.name,
      brand: item.brand,
      category: item.category,
      options: JSON.parse(item.options),
      variants: products
        .filter((p) => p.item_id === item.id)
        .sort((a, b) => (a.code < b.code ? -1 : 1))
        .map((p) => ({
          code: p.code,
          name: p.name,
          brand: p.brand,
          category: p.category,
          optionValues: JSON.parse(p.option_values),
          price: Number(p.price),
          cost: Number(p.cost),
          quantity: Number(p.quantity),
          taxRate: p.tax_rate === null ? null : Number(p.tax_rate),
        })),
    }));
  };
  const tee = (line: number, code: string, size: string, colour: string, price = '19.90', extra: Row = {}) => ({
    line,
    code,
    name: 'T-shirt',
    brand: 'Cotton Co',
    category: 'Clothing',
    price,
    cost: '8.00',
    quantity: '5',
    handle: 'tee',
    option1Name: 'Size',
    option1Value: size,
    option2Name: 'Colour',
    option2Value: colour,
    ...extra,
  });

  it('makes one item of the rows sharing a handle, options in file order, and leaves other rows items of their own', async () => {
    const store = await createStore(t, u);
    const codes = [ean13(), ean13(), ean13(), ean13()];
    const result = await importBatch(store, [
      tee(2, codes[0]!, 'S', 'Red'),
      tee(3, codes[1]!, 'M', 'Red', '21.90'),
      { line: 4, code: 'TEA-1', name: 'Green tea', price: '1.99', quantity: '3' },
      tee(5, codes[2]!, 'S', 'Blue'),
      // A value typed in another case is the item's value.
      tee(6, codes[3]!, 'm', 'blue'),
    ]);
    expect(result).toMatchObject({ created: 5, updated: 0, unchanged: 0, rejected: 0, errors: [] });
    const items = await catalogue(store);
    expect(items).toHaveLength(2);
    const [tea, shirt] = items;
    expect(tea).toMatchObject({ handle: null, name: 'Green tea', options: [] });
    expect(tea!.variants).toEqual([expect.objectContaining({ code: 'TEA-1', optionValues: [], quantity: 3 })]);
    expect(shirt).toMatchObject({
      handle: 'tee',
      name: 'T-shirt',
      brand: 'Cotton Co',
      category: 'Clothing',
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    });
    const byCode = new Map(shirt!.variants.map((v) => [v.code, v]));
    expect(byCode.get(codes[1]!)).toMatchObject({
      name: 'T-shirt (M, Red)',
      brand: 'Cotton Co',
      optionValues: ['M', 'Red'],
      price: 2190,
      cost: 800,
      quantity: 5,
    });
    expect(byCode.get(codes[3]!)).toMatchObject({ name: 'T-shirt (M, Blue)', optionValues: ['M', 'Blue'] });
    // Each variant answers by its barcode as any product does.
    const found = await t.request('GET', `/api/secure/product/code/${codes[2]}`, {
      token: u.token,
      headers: storeHeader(store),
    });
    expect(found.body).toMatchObject({ name: 'T-shirt (S, Blue)', optionValues: ['S', 'Blue'], quantity: 5 });
    await expectLedgerConsistent(t, await storeIdOf(t, store));
  });

  it('finds the item by handle in a later batch: new variants join it, a known code updates its variant and values', async () => {
    const store = await createStore(t, u);
    const importId = crypto.randomUUID();
    const [s, m, l, xl] = [ean13(), ean13(), ean13(), ean13()];
    await importBatch(store, [tee(2, s, 'S', 'Red'), tee(3, m, 'M', 'Red')], { importId, batch: 0 });
    const second = await importBatch(
      store,
      [
        tee(4, l, 'L', 'Red'),
        // Its price and its colour change.
        tee(5, m, 'M', 'Green', '25.00'),
        tee(6, xl, 'XL', 'Red', '19.90', { quantity: '2' }),
        // The same row again: nothing to do.
        tee(7, s, 'S', 'Red'),
      ],
      { importId, batch: 1 },
    );
    expect(second).toMatchObject({ created: 2, updated: 1, unchanged: 1, rejected: 0 });
    const [shirt] = await catalogue(store);
    expect(shirt!.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Colour', values: ['Red', 'Green'] },
    ]);
    const byCode = new Map(shirt!.variants.map((v) => [v.code, v]));
    expect(byCode.get(m)).toMatchObject({ name: 'T-shirt (M, Green)', optionValues: ['M', 'Green'], price: 2500 });
    // Stock is never changed by an update: M keeps its opening 5.
    expect(byCode.get(m)!.quantity).toBe(5);
    expect(byCode.get(xl)).toMatchObject({ quantity: 2, optionValues: ['XL', 'Red'] });
    // A later file renames the item: every variant's name follows, also those it does not list.
    const renamed = await importBatch(store, [tee(2, l, 'L', 'Red', '19.90', { name: 'Tee', brand: 'Loom' })]);
    expect(renamed).toMatchObject({ updated: 1, rejected: 0 });
    const [after] = await catalogue(store);
    expect(after!.name).toBe('Tee');
    expect(after!.variants.map((v) => [v.name, v.brand]).sort()).toEqual([
      ['Tee (L, Red)', 'Loom'],
      ['Tee (M, Green)', 'Loom'],
      ['Tee (S, Red)', 'Loom'],
      ['Tee (XL, Red)', 'Loom'],
    ]);
    await expectLedgerConsistent(t, await storeIdOf(t, store));
  });

  it('refuses bad rows by line with a sentence that says why, and imports the good ones', async () => {
    const store = await createStore(t, u);
    const other = await insertItem(
      t,
      await storeIdOf(t, store),
      { name: 'Cap', handle: 'cap', options: [{ name: 'Colour', values: ['Black'] }] },
      [{ values: ['Black'] }],
    );
    const [a, b] = [ean13(), ean13()];
    const result = await importBatch(store, [
      tee(2, a, 'S', 'Red'),
      // Options unlike the item's.
      { ...tee(3, ean13(), 'M', 'Red'), option2Name: '', option2Value: '' },
      { ...tee(4, ean13(), 'M', 'Red'), option3Name: 'Fit', option3Value: 'Slim' },
      // A value too long.
      tee(5, ean13(), 'Extra extra extra large', 'Red'),
      // A fourth option.
      {
        ...tee(6, ean13(), 'M', 'Red'),
        option3Name: 'Fit',
        option3Value: 'Slim',
        option4Name: 'Neck',
        option4Value: 'V',
      },
      // The combination of line 2.
      tee(7, b, 's', 'RED'),
      // A barcode of another item's variant.
      tee(8, other.variants[0]!.code, 'L', 'Red'),
      // Options without a handle.
      { line: 9, code: ean13(), name: 'Sock', price: '1', option1Name: 'Size', option1Value: 'M' },
      // The code of line 2 under another handle.
      { ...tee(10, a, 'S', 'Red'), handle: 'tee-2' },
      tee(11, ean13(), 'M', 'Red'),
    ]);
    expect(result).toMatchObject({ created: 2, rejected: 8 });
    expect(result.errors).toEqual([
      { line: 3, field: 'option1Name', message: "The row has Size but the item's options are Size and Colour" },
      {
        line: 4,
        field: 'option1Name',
        message: "The row has Size, Colour and Fit but the item's options are Size and Colour",
      },
      { line: 5, field: 'option1Value', message: 'Option value must be at most 20 characters' },
      { line: 6, field: 'option4Name', message: 'An item has at most 3 options' },
      { line: 7, field: 'option1Value', message: 'Line 2 has the same options for this item' },
      { line: 8, field: 'code', message: 'This barcode is a variant of another item' },
      { line: 9, field: 'handle', message: 'A row with options needs a handle, the same on every row of its item' },
      { line: 10, field: 'code', message: 'This barcode is already on line 2 of another item' },
    ]);
    // A later file naming a combination the item has on another barcode.
    const again = await importBatch(store, [tee(2, ean13(), 'S', 'Red')]);
    expect(again.errors).toEqual([
      { line: 2, field: 'option1Value', message: `The item already has these options on barcode ${a}` },
    ]);
    const items = await catalogue(store);
    expect(items.find((i) => i.handle === 'tee')!.variants.map((v) => v.optionValues)).toEqual(
      expect.arrayContaining([
        ['S', 'Red'],
        ['M', 'Red'],
      ]),
    );
  });

  it('moves a product of its own into the item its row names, keeping its stock and history', async () => {
    const store = await createStore(t, u);
    const own = await createProduct(t, u, { code: ean13(), name: 'Red tee M', price: 1500, quantity: 4 }, store);
    const result = await importBatch(store, [tee(2, ean13(), 'S', 'Red'), tee(3, own.code, 'M', 'Red')]);
    expect(result).toMatchObject({ created: 1, updated: 1, rejected: 0 });
    const items = await catalogue(store);
    // Its item of its own is gone with it.
    expect(items).toHaveLength(1);
    expect(items[0]!.variants.find((v) => v.code === own.code)).toMatchObject({
      name: 'T-shirt (M, Red)',
      optionValues: ['M', 'Red'],
      quantity: 4,
      price: 1990,
    });
    const storeId = await storeIdOf(t, store);
    const row = await t.db
      .selectFrom('products')
      .select('id')
      .where('store_id', '=', storeId)
      .where('code', '=', own.code)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(own.id);
    await expectLedgerConsistent(t, storeId);
  });

  it('exports an item made by the item API and imports it into an empty store as it was', async () => {
    const source = await createStore(t, u);
    const made = await t.request('POST', '/api/secure/item', {
      token: u.token,
      headers: storeHeader(source),
      body: {
        name: 'Hoodie',
        handle: 'hoodie',
        brand: 'Warm',
        category: 'Clothing',
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Grey', 'Navy'] },
        ],
        variants: [
          { optionValues: ['S', 'Grey'], code: ean13(), price: 4500, cost: 2000, quantity: 3 },
          { optionValues: ['M', 'Grey'], code: ean13(), price: 4500, cost: 2000, quantity: 1 },
          { optionValues: ['M', 'Navy'], code: ean13(), price: 4900, cost: 2100, quantity: 2 },
        ],
      },
    });
    expect(made.status, made.text).toBe(201);
    const rows = await exportRows(source);
    expect(rows.map((r) => [r.handle, r.name, r.option1Value, r.option2Value])).toEqual([
      ['hoodie', 'Hoodie', 'S', 'Grey'],
      ['hoodie', 'Hoodie', 'M', 'Grey'],
      ['hoodie', 'Hoodie', 'M', 'Navy'],
    ]);
    const target = await createStore(t, u);
    const result = await importBatch(
      target,
      rows.map((r, i) => ({ line: i + 2, ...r })),
    );
    expect(result).toMatchObject({ created: 3, rejected: 0 });
    expect(await catalogue(target)).toEqual(await catalogue(source));
    await expectLedgerConsistent(t, await storeIdOf(t, target));
  });

  it('round-trips export → import into an empty store: items, options, variants, prices and stock', async () => {
    const source = await createStore(t, u);
    const sourceId = await storeIdOf(t, source);
    await createProduct(t, u, { code: ean13(), name: 'Green tea', price: 199, cost: 120, quantity: 7 }, source);
    await createProduct(t, u, { code: 'DELI-1', name: 'Comté', price: 1980, quantity: 1250, unit: 'KG' }, source);
    // Options whose order is not the order the variants were made in, a value a spreadsheet would
    // read as a formula, and an item made without a handle (the export names it by its id).
    await insertItem(
      t,
      sourceId,
      {
        name: 'Sneaker',
        handle: 'sneaker',
        brand: 'Run',
        category: 'Shoes',
        options: [
          { name: 'Size', values: ['40', '41', '42'] },
          { name: 'Colour', values: ['White', '-Black'] },
        ],
      },
      [
        { values: ['42', '-Black'], price: 8900, cost: 4000, quantity: 1 },
        { values: ['40', 'White'], price: 7900, cost: 3500, quantity: 3 },
        { values: ['41', 'White'], price: 7900, cost: 3500, quantity: 0 },
        { values: ['40', '-Black'], price: 8900, cost: 4000, quantity: 2 },
        { values: ['42', 'White'], price: 7900, cost: 3500, quantity: 6 },
      ],
    );
    const cap = await insertItem(
      t,
      sourceId,
      { name: 'Cap', options: [{ name: 'Colour', values: ['Navy', 'Sand'] }] },
      [
        { values: ['Sand'], price: 1200, quantity: 9 },
        { values: ['Navy'], price: 1200, quantity: 1 },
      ],
    );
    const rows = await exportRows(source);
    expect(rows).toHaveLength(9);
    const capRows = rows.filter((r) => r.handle === cap.id);
    expect(capRows.map((r) => [r.name, r.option1Name, r.option1Value, r.option2Name])).toEqual([
      ['Cap', 'Colour', 'Navy', ''],
      ['Cap', 'Colour', 'Sand', ''],
    ]);
    const tea = rows.find((r) => r.name === 'Green tea')!;
    expect([tea.handle, tea.option1Name, tea.option1Value]).toEqual(['', '', '']);
    expect(rows.some((r) => r.option2Value === "'-Black")).toBe(true);

    const target = await createStore(t, u);
    const result = await importBatch(
      target,
      rows.map((r, i) => ({ line: i + 2, ...r })),
    );
    expect(result).toMatchObject({ created: 9, rejected: 0, errors: [] });
    // The item made without a handle gets the one the export wrote for it: its id.
    const before = (await catalogue(source)).map((i) => ({
      ...i,
      handle: i.handle ?? (i.options.length ? cap.id : null),
    }));
    const after = await catalogue(target);
    expect(after).toEqual(before);
    expect(after.find((i) => i.name === 'Sneaker')!.options).toEqual([
      { name: 'Size', values: ['40', '41', '42'] },
      { name: 'Colour', values: ['White', '-Black'] },
    ]);
    await expectLedgerConsistent(t, await storeIdOf(t, target));

    // The same file into the store it came from changes nothing.
    const again = await importBatch(
      source,
      rows.map((r, i) => ({ line: i + 2, ...r })),
    );
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 9, rejected: 0 });
  });
});
