import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CounterCatalog, DEFAULT_TIMING } from './counter-catalog.ts';
import { FakeServer, product } from './fake-server.ts';

/** The counter's copy with variants (issue 44): scans sell a variant, search folds an item's. */
let server: FakeServer;
let dbCount = 0;
const open: CounterCatalog[] = [];

function catalog(name = `variants-catalog-${++dbCount}`) {
  const c = new CounterCatalog('my-shop', name, {
    ...DEFAULT_TIMING,
    idleStartMs: 60_000,
    afterFirstFindMs: 60_000,
    pageSize: 4,
  });
  open.push(c);
  return c;
}

const shirt = (code: string, size: string, colour: string, retired = false) =>
  product(code, {
    id: `v-${code}`,
    name: `Polo shirt (${size}, ${colour})`,
    itemId: 'shirt',
    optionValues: [size, colour],
    retired,
    price: size === 'L' ? 1800 : 1500,
  });

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  onlineManager.setOnline(true);
  ['S', 'M', 'L'].forEach((size, i) =>
    ['Red', 'Blue'].forEach((colour, j) => server.put(shirt(`49${i}${j}`, size, colour, i === 2 && j === 1))),
  );
  server.put(product('111', { name: 'Shirt hanger' }));
});

afterEach(() => {
  open.splice(0).forEach((c) => c.close());
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('variants in the counter copy', () => {
  it("keeps each variant's item and options, and a scan of its code finds that variant", async () => {
    const c = catalog();
    await c.syncNow();
    onlineManager.setOnline(false);
    expect(await c.find('4910')).toMatchObject({
      source: 'local',
      product: { code: '4910', name: 'Polo shirt (M, Red)', itemId: 'shirt', optionValues: ['M', 'Red'] },
    });
    // A retired variant is still sold when scanned: only new offers leave it out.
    expect(await c.find('4921')).toMatchObject({ product: { code: '4921', retired: true } });
    expect((await c.variantsOf('shirt')).map((v) => v.code).sort()).toEqual([
      '4900',
      '4901',
      '4910',
      '4911',
      '4920',
      '4921',
    ]);
  });

  it('folds the variants of an item into one search entry, offline and online alike', async () => {
    const c = catalog();
    await c.syncNow();
    for (const online of [false, true]) {
      onlineManager.setOnline(online);
      const found = await c.search('shirt', 20);
      expect(found.source).toBe(online ? 'server' : 'local');
      expect(found.items.length).toBeGreaterThan(2);
      const kinds = found.entries.map((e) =>
        e.kind === 'item' ? `item:${e.name}:${e.variants.length}` : e.product.code,
      );
      expect(kinds.sort()).toEqual(['111', 'item:Polo shirt:5']);
      const item = found.entries.find((e) => e.kind === 'item');
      expect(item).toMatchObject({ priceMin: 1500, priceMax: 1800 });
    }
  });

  it('replays the feed once when a copy made before variants is opened, to bring their options', async () => {
    const name = `variants-catalog-${++dbCount}`;
    // A version 1 copy: no item index, a cursor at the end of the feed, products without options.
    const old = await openDB(name, 1, {
      upgrade(db) {
        const products = db.createObjectStore('products', { keyPath: 'id' });
        products.createIndex('code', 'code');
        products.createIndex('keys', 'keys', { multiEntry: true });
        db.createObjectStore('meta');
      },
    });
    const stale = server.products.get('4900')!;
    await old.put('products', {
      id: stale.id,
      code: stale.code,
      name: stale.name,
      brand: '',
      category: '',
      price: stale.price,
      quantity: stale.quantity,
      taxRate: null,
      updatedAt: stale.updatedAt,
      keys: ['polo', 'shirt', '4900'],
      text: '4900 polo shirt',
    });
    await old.put('meta', { cursor: 'c99', complete: true, lastSyncAt: 1 }, 'sync');
    old.close();

    const c = catalog(name);
    await c.syncNow();
    expect(server.changesCalls()[0]).toBe('/api/secure/product/changes?limit=4');
    expect(c.getStatus()).toMatchObject({ complete: true });
    expect(await c.find('4900')).toMatchObject({ product: { itemId: 'shirt', optionValues: ['S', 'Red'] } });
  });
});
