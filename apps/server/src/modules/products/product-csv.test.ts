/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { PRODUCT_CSV_COLUMNS, parseCsvRows, type Product } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { recordStatements } from '../../test/store-query-check.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, createStore, ean13, storeHeader } from '../../test/products.ts';

type Row = Record<string, unknown>;

describe.each(engines)('product CSV on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const importBatch = (
    rows: Row[],
    options: { importId?: string; batch?: number; store?: string; token?: string } = {},
  ) =>
    t.request('POST', '/api/secure/product/import', {
      token: options.token ?? u.token,
      headers: storeHeader(options.store),
      body: { importId: options.importId ?? crypto.randomUUID(), batch: options.batch ?? 0, rows },
    });
  const exportCsv = (store?: string) =>
    fetch(`${t.url}/api/secure/product/export.csv`, {
      headers: { authorization: `Bearer ${u.token}`, ...storeHeader(store) },
    });
  const all = async (store: string): Promise<Product[]> => {
    const res = await t.request('GET', '/api/secure/product/search/window/0/100?sort=code', {
      token: u.token,
      headers: storeHeader(store),
    });
    return res.body.items;
  };
  const strip = (p: Product) => ({
    code: p.code,
    name: p.name,
    brand: p.brand,
    category: p.category,
    price: p.price,
    cost: p.cost,
    quantity: p.quantity,
    description: p.description,
  });

  it('exports every product (quoted, formula-safe, decimal prices) and imports them into another store unchanged', async () => {
    const source = await createStore(t, u);
    const made = [
      {
        code: ean13(),
        name: 'Tea, green',
        brand: 'Say "Leafy"',
        category: 'Drinks',
        price: 199,
        cost: 120,
        quantity: 7,
        description: 'line one\r\nline two',
      },
      {
        code: 'FORMULA-1',
        name: '=HYPERLINK("http://evil")',
        brand: '+brand',
        category: '@cat',
        price: 5,
        cost: 0,
        quantity: -2,
        description: '-minus',
      },
      {
        code: 'JP-1',
        name: '緑茶 500ml',
        brand: ' padded ',
        category: '',
        price: 100000,
        cost: 99999,
        quantity: 0,
        description: '',
      },
      // A weighed product's stock is written in kg with 3 decimals and read back the same.
      { code: 'DELI-1', name: 'Comté', price: 1980, cost: 1200, quantity: 1250, unit: 'KG' as const },
    ];
    for (const p of made) await createProduct(t, u, p, source);
    const res = await exportCsv(source);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="products-${source}.csv"`);
    const text = await res.text();
    // fetch's decoder drops the BOM; check the raw bytes for it.
    const raw = Buffer.from(await (await exportCsv(source)).arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsvRows(text);
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
    expect(lines).toHaveLength(4);
    const byCode = new Map(lines.map((l) => [l[0], l]));
    expect(byCode.get('FORMULA-1')).toEqual([
      'FORMULA-1',
      `'=HYPERLINK("http://evil")`,
      "'+brand",
      "'@cat",
      '0.05',
      '0.00',
      '-2',
      "'-minus",
      '',
      'EACH',
      // A product without options: no handle, no options.
      ...['', '', '', '', '', '', ''],
    ]);
    expect(byCode.get(made[0]!.code)!.slice(4, 7)).toEqual(['1.99', '1.20', '7']);
    expect(byCode.get('DELI-1')!.slice(4, 7)).toEqual(['19.80', '12.00', '1.250']);
    expect(byCode.get('DELI-1')![PRODUCT_CSV_COLUMNS.indexOf('unit')]).toBe('KG');
    expect(text).toContain('"Say ""Leafy"""');

    const target = await createStore(t, u);
    const rows = lines.map((l, i) => ({
      line: i + 2,
      ...Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, j) => [c, l[j]])),
    }));
    const imported = await importBatch(rows, { store: target });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toEqual({
      created: 4,
      updated: 0,
      unchanged: 0,
      errors: [],
      limitReached: false,
      limited: 0,
      firstLimitedLine: null,
      rejected: 0,
    });
    expect((await all(target)).map(strip)).toEqual((await all(source)).map(strip));
    await expectLedgerConsistent(t);
  });

  it('reports bad rows by line and field and still imports the good ones', async () => {
    const store = await createStore(t, u);
    const good = ean13();
    const res = await importBatch(
      [
        { line: 2, code: good, name: 'Good', price: '2.50', quantity: '4' },
        { line: 3, code: 'bad/code', name: 'Slash', price: '1' },
        { line: 4, code: 'NEG-1', name: 'Negative', price: '-1' },
        { line: 5, code: 'DEC-1', name: 'Too precise', price: '1.234' },
        { line: 6, code: 'NONAME-1', name: '', price: '1', cost: 'abc' },
        { line: 7, code: 'QTY-1', name: 'Half', price: '1', quantity: '1.5' },
        { line: 8, code: 'LONG-1', name: 'n'.repeat(121), price: '' },
        { line: 9, code: 'OK-2', name: 'Price with symbol', price: '$1,234.50' },
        { line: 10, code: 'QTY-2', name: 'Huge', price: '1', quantity: '9999999' },
      ],
      { store },
    );
    expect(res.status, res.text).toBe(200);
    // Nine rows: two created, seven rejected (one row may have several errors, it counts once).
    expect(res.body).toMatchObject({
      created: 2,
      updated: 0,
      unchanged: 0,
      limitReached: false,
      limited: 0,
      rejected: 7,
    });
    expect(res.body.errors.map((e: any) => [e.line, e.field])).toEqual([
      [3, 'code'],
      [4, 'price'],
      [5, 'price'],
      [6, 'cost'],
      [6, 'name'],
      [7, 'quantity'],
      [8, 'price'],
      [8, 'name'],
      [10, 'quantity'],
    ]);
    for (const e of res.body.errors) expect(e.message.length).toBeGreaterThan(0);
    // Sentences for a shop owner, never zod's "Too big: expected number to be <=1000000".
    expect(res.body.errors.at(-1).message).toBe('Quantity must be between -1,000,000 and 1,000,000');
    const products = await all(store);
    expect(products.map((p) => [p.code, p.price, p.quantity])).toEqual([
      [good, 250, 4],
      ['OK-2', 123450, 0],
    ]);
    await expectLedgerConsistent(t);
  });

  it('reads a weighed product’s quantity in its unit with a decimal point, and says how when it cannot', async () => {
    const store = await createStore(t, u);
    const res = await importBatch(
      [
        { line: 2, code: 'KG-1', name: 'Beef', price: '19.80', quantity: '2', unit: 'kg' },
        { line: 3, code: 'KG-2', name: 'Pork', price: '9.80', quantity: '0.345', unit: 'KG' },
        { line: 4, code: 'KG-3', name: 'Lamb', price: '29.80', quantity: '1,500', unit: 'KG' },
        { line: 5, code: 'KG-4', name: 'Veal', price: '39.80', quantity: '1.2345', unit: 'KG' },
        { line: 6, code: 'L-1', name: 'Milk', price: '1.20', quantity: '1000.001', unit: 'L' },
      ],
      { store },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.errors).toEqual([
      { line: 4, field: 'quantity', message: 'Quantity must be a number of kg with at most 3 decimals, such as 1.250' },
      { line: 5, field: 'quantity', message: 'Quantity must be a number of kg with at most 3 decimals, such as 1.250' },
      { line: 6, field: 'quantity', message: 'Quantity must be between -1,000 and 1,000 L' },
    ]);
    const stock = async (code: string) =>
      (await t.request('GET', `/api/secure/product/code/${code}`, { token: u.token, headers: storeHeader(store) }))
        .body;
    expect(await stock('KG-1')).toMatchObject({ unit: 'KG', quantity: 2000 });
    expect(await stock('KG-2')).toMatchObject({ unit: 'KG', quantity: 345 });
  });

  it('returns the first result for a retried batch without applying it again', async () => {
    const store = await createStore(t, u);
    const importId = crypto.randomUUID();
    const rows = [{ line: 2, code: 'RETRY-1', name: 'Once', price: '1', quantity: '10' }];
    const first = await importBatch(rows, { store, importId, batch: 3 });
    const again = await importBatch(rows, { store, importId, batch: 3 });
    const changed = await importBatch([{ line: 2, code: 'RETRY-1', name: 'Twice', price: '9' }], {
      store,
      importId,
      batch: 3,
    });
    expect(first.body).toMatchObject({ created: 1 });
    expect(again.body).toEqual(first.body);
    expect(changed.body).toEqual(first.body);
    const [p] = await all(store);
    expect(p).toMatchObject({ name: 'Once', price: 100, quantity: 10 });
    const next = await importBatch([{ line: 3, code: 'RETRY-2', name: 'Next', price: '1' }], {
      store,
      importId,
      batch: 4,
    });
    expect(next.body.created).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('changes nothing when the same file is imported again, and never touches stock on update', async () => {
    const store = await createStore(t, u);
    const rows = [
      { line: 2, code: 'RE-1', name: 'Rice', brand: 'Paddy', price: '3.00', quantity: '20' },
      { line: 3, code: 'RE-2', name: 'Beans', price: '2', cost: '1.5', quantity: '5' },
    ];
    expect((await importBatch(rows, { store })).body).toMatchObject({ created: 2 });
    await t.request('POST', '/api/secure/product/code/RE-1/adjust', {
      token: u.token,
      headers: storeHeader(store),
      body: { delta: -3 },
    });
    const again = await importBatch(rows, { store });
    expect(again.body).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      errors: [],
      limitReached: false,
      limited: 0,
      firstLimitedLine: null,
      rejected: 0,
    });
    const edit = await importBatch([{ line: 2, code: 'RE-2', name: 'Black Beans', price: '2.25', quantity: '500' }], {
      store,
    });
    expect(edit.body).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const products = await all(store);
    expect(products.map((p) => [p.code, p.name, p.brand, p.price, p.cost, p.quantity])).toEqual([
      ['RE-1', 'Rice', 'Paddy', 300, 0, 17],
      // cost was not in the row: it keeps its value; the quantity column never changes stock on update.
      ['RE-2', 'Black Beans', '', 225, 150, 5],
    ]);
    await expectLedgerConsistent(t);
  });

  it('updates many known products of a batch at once, their search keys too, never their stock', async () => {
    const store = await createStore(t, u);
    const codes = Array.from({ length: 6 }, (_, i) => `BULK-${i}`);
    const first = await importBatch(
      codes.map((code, i) => ({ line: i + 2, code, name: `Plain ${i}`, price: '1', quantity: '4' })),
      { store },
    );
    expect(first.body).toMatchObject({ created: 6, errors: [] });
    const edit = await importBatch(
      codes.map((code, i) => ({
        line: i + 2,
        code,
        name: `Renamed ${i}`,
        brand: 'Acme',
        price: '2.5',
        quantity: '99',
      })),
      { store },
    );
    expect(edit.body).toMatchObject({ created: 0, updated: 6, unchanged: 0, errors: [] });
    const found = await t.request('GET', '/api/secure/product/search/window/0/100?q=renamed&sort=code', {
      token: u.token,
      headers: storeHeader(store),
    });
    expect(found.body.items.map((p: Product) => [p.code, p.name, p.brand, p.price, p.quantity])).toEqual(
      codes.map((code, i) => [code, `Renamed ${i}`, 'Acme', 250, 4]),
    );
    await expectLedgerConsistent(t);
  });

  it('applies a code repeated within a batch in order, creating it once', async () => {
    const store = await createStore(t, u);
    const res = await importBatch(
      [
        { line: 2, code: 'DUP-1', name: 'First', price: '1', quantity: '2' },
        { line: 3, code: 'DUP-1', name: 'Second', price: '1', quantity: '99' },
      ],
      { store },
    );
    expect(res.body).toMatchObject({ created: 1, updated: 1, errors: [] });
    expect((await all(store)).map((p) => [p.name, p.quantity])).toEqual([['Second', 2]]);
    await expectLedgerConsistent(t);
  });

  it('settles two imports of the same new codes at once: each product once, no server error', async () => {
    const store = await createStore(t, u);
    const rows = Array.from({ length: 50 }, (_, i) => ({
      line: i + 2,
      code: `PAR-${i}`,
      name: `P${i}`,
      price: '1',
      quantity: '3',
    }));
    const results = await Promise.all([importBatch(rows, { store }), importBatch(rows, { store })]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const products = await t.request('GET', '/api/secure/product/search/window/0/100', {
      token: u.token,
      headers: storeHeader(store),
    });
    expect(products.body.total).toBe(50);
    for (const p of products.body.items) expect(p.quantity).toBe(3);
    await expectLedgerConsistent(t);
  });

  it('reads prices in the store currency and names bad batches', async () => {
    const yen = await createStore(t, u, 'JPY');
    const res = await importBatch(
      [
        { line: 2, code: 'YEN-1', name: 'Onigiri', price: '150' },
        { line: 3, code: 'YEN-2', name: 'Sen', price: '1.5' },
      ],
      { store: yen },
    );
    expect(res.body.created).toBe(1);
    expect(res.body.errors).toEqual([{ line: 3, field: 'price', message: 'JPY has no decimals' }]);
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ line: i + 2, code: `C-${i}`, name: 'x', price: '1' }));
    expectFieldErrors(await importBatch(tooMany), ['rows']);
    expectFieldErrors(
      await t.request('POST', '/api/secure/product/import', {
        token: u.token,
        body: { importId: 'nope', batch: -1, rows: [{ code: 1 }] },
      }),
      ['importId', 'batch', 'rows.0.line', 'rows.0.code', 'rows.0.name', 'rows.0.price'],
    );
  });
});

describe.each(engines)('product import and the free limit on %s', (engine) => {
  const t = useTestApp(engine, { FREE_PRODUCT_LIMIT: '3' });

  it('stops at the limit, counts the lines not imported in one figure, and still updates known products', async () => {
    const u = await createUser(t);
    const existing = await createProduct(t, u, { code: 'HAVE-1', name: 'Old name' });
    const rows = [
      { line: 2, code: 'HAVE-1', name: 'New name', price: '1' },
      ...['N-1', 'N-2', 'N-3', 'N-4'].map((code, i) => ({ line: i + 3, code, name: code, price: '1', quantity: '1' })),
    ];
    const res = await t.request('POST', '/api/secure/product/import', {
      token: u.token,
      body: { importId: crypto.randomUUID(), batch: 0, rows },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
      errors: [],
      limitReached: true,
      limited: 2,
      firstLimitedLine: 5,
      rejected: 0,
    });
    const list = await t.request('GET', '/api/secure/product/search/window/0/100?sort=code', { token: u.token });
    expect(list.body.items.map((p: Product) => p.code)).toEqual(['HAVE-1', 'N-1', 'N-2']);
    expect(list.body.items[0]).toMatchObject({ id: existing.id, name: 'New name' });
    await expectLedgerConsistent(t);
  });

  it('keeps updating known products in batches after the limit, every row in exactly one count', async () => {
    const u = await createUser(t);
    await createProduct(t, u, { code: 'OLD-1', name: 'Old one' });
    const importId = crypto.randomUUID();
    const send = (batch: number, rows: Row[]) =>
      t.request('POST', '/api/secure/product/import', { token: u.token, body: { importId, batch, rows } });
    const first = await send(0, [
      ...['A-1', 'A-2', 'A-3'].map((code, i) => ({ line: i + 2, code, name: code, price: '1' })),
      { line: 5, code: 'BAD', name: 'Bad', price: 'ten', cost: 'x' },
    ]);
    expect(first.body).toMatchObject({ created: 2, limited: 1, firstLimitedLine: 4, rejected: 1 });
    expect(first.body.errors.map((e: any) => [e.line, e.field])).toEqual([
      [5, 'price'],
      [5, 'cost'],
    ]);
    const second = await send(1, [
      { line: 6, code: 'OLD-1', name: 'Renamed', price: '1' },
      { line: 7, code: 'A-1', name: 'A-1', price: '1' },
      { line: 8, code: 'B-1', name: 'B-1', price: '1' },
    ]);
    expect(second.body).toMatchObject({ created: 0, updated: 1, unchanged: 1, limited: 1, firstLimitedLine: 8 });
    for (const [res, rows] of [
      [first, 4],
      [second, 3],
    ] as const) {
      const b = res.body;
      expect(b.created + b.updated + b.unchanged + b.limited + b.rejected).toBe(rows);
    }
    await expectLedgerConsistent(t);
  });

  it('tells before an import which codes are known and how many new products fit', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await createProduct(t, u, { code: 'HAVE-2' });
    await createProduct(t, other, { code: 'THEIRS-1' });
    const check = (codes: unknown, token = u.token) =>
      t.request('POST', '/api/secure/product/import/check', { token, body: { codes } });
    const res = await check(['NEW-9', 'HAVE-2', 'HAVE-2', 'THEIRS-1']);
    expect(res.status, res.text).toBe(200);
    // Another user's product with the same code is not this store's: it is new here.
    expect(res.body).toEqual({ known: ['HAVE-2'], remainingSlots: 2, productLimit: 3 });
    expect((await check([])).body).toEqual({ known: [], remainingSlots: 2, productLimit: 3 });
    expectFieldErrors(await check(Array.from({ length: 1001 }, (_, i) => `C-${i}`)), ['codes']);
    expectFieldErrors(await check('HAVE-2'), ['codes']);
    expect((await t.request('POST', '/api/secure/product/import/check', { body: { codes: [] } })).status).toBe(401);
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    expect((await check(['HAVE-2'])).body).toEqual({ known: ['HAVE-2'], remainingSlots: null, productLimit: null });
  });
});

/**
 * One write path: on SQLite an import chunk is a write task run in the write worker's thread, so
 * none of its statements run on the main thread's connection (each of them used to be a blocking
 * call there, and other stores' requests waited between them). The recorder sees what the main
 * thread runs; the import still stores every product, its opening stock and its updates.
 */
describe.runIf(engines.includes('sqlite'))('an import batch on SQLite', () => {
  const statements: string[] = [];
  const t = useTestApp('sqlite', {}, { plugins: [recordStatements(statements)] });

  it('writes its products and their opening stock in the write worker, not on the main thread', async () => {
    const u = await createUser(t);
    // Premium: 250 new products, past the test's free limit, and three chunks of a batch.
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    const store = await createStore(t, u);
    const rows = (name: string) =>
      Array.from({ length: 250 }, (_, i) => ({ line: i + 2, code: `W-${i}`, name, price: '2', quantity: '5' }));
    const send = (name: string) =>
      t.request('POST', '/api/secure/product/import', {
        token: u.token,
        headers: storeHeader(store),
        body: { importId: crypto.randomUUID(), batch: 0, rows: rows(name) },
      });
    statements.length = 0;
    const created = await send('First');
    expect(created.body).toMatchObject({ created: 250, updated: 0, errors: [] });
    const updated = await send('Second');
    expect(updated.body).toMatchObject({ created: 0, updated: 250, errors: [] });
    const chunkWrites = statements.filter((s) =>
      /^(insert into "products"|insert into "stock_movements"|update "products")/.test(s),
    );
    expect(chunkWrites).toEqual([]);
    // The batches' results were stored on the main thread, which the recorder saw.
    expect(statements.some((s) => s.startsWith('insert into "import_batches"'))).toBe(true);
    const res = await t.request('GET', '/api/secure/product/search/window/0/100', {
      token: u.token,
      headers: storeHeader(store),
    });
    expect(res.body.total).toBe(250);
    for (const p of res.body.items) expect([p.name, p.quantity]).toEqual(['Second', 5]);
    await expectLedgerConsistent(t);
  });
});
