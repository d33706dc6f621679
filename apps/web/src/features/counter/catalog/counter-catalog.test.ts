import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CounterCatalog, DEFAULT_TIMING, type CatalogTiming } from './counter-catalog.ts';
import { FakeServer, product } from './fake-server.ts';

let server: FakeServer;
let dbCount = 0;
const open: CounterCatalog[] = [];

/** A fresh copy (its own database) whose background sync starts only when asked. */
function catalog(name = `test-catalog-${++dbCount}`, timing: Partial<CatalogTiming> = {}) {
  const c = new CounterCatalog('my-shop', name, {
    ...DEFAULT_TIMING,
    idleStartMs: 60_000,
    afterFirstFindMs: 60_000,
    pageSize: 3,
    ...timing,
  });
  open.push(c);
  return c;
}

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  onlineManager.setOnline(true);
});

afterEach(() => {
  open.splice(0).forEach((c) => c.close());
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('find', () => {
  it('answers from the local copy without the network, else from the server, and keeps that answer', async () => {
    server.put(product('111', { name: 'Green tea', price: 199, quantity: 4 }));
    const c = catalog();
    await c.syncNow();
    server.calls.length = 0;

    const local = await c.find('111');
    expect(local).toMatchObject({ source: 'local', product: { code: '111', price: 199, quantity: 4, taxRate: null } });
    expect(server.calls).toEqual([]);

    server.products.set('222', product('222', { name: 'Rice', taxRate: 800 })); // created after the sync
    expect(await c.find('222')).toMatchObject({ source: 'server', product: { name: 'Rice', taxRate: 800 } });
    expect(server.calls).toEqual(['/api/secure/product/lookup/222']);
    await vi.waitFor(async () => expect(await c.find('222')).toMatchObject({ source: 'local' }));

    expect(await c.find('999')).toEqual({ product: null, reason: 'unknown' });
  });

  it('says "offline" for a code not in the copy when the server cannot be reached', async () => {
    server.put(product('111'));
    const c = catalog();
    await c.syncNow();
    onlineManager.setOnline(false);
    expect(await c.find('111')).toMatchObject({ source: 'local' });
    expect(await c.find('333')).toEqual({ product: null, reason: 'offline' });

    // Online by the browser's word, but no answer: the same, and the app is told it is offline.
    onlineManager.setOnline(true);
    server.intercept = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await c.find('444')).toEqual({ product: null, reason: 'offline' });
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('answers the first scan before the background sync starts, and starts it after', async () => {
    for (let i = 0; i < 10; i++) server.put(product(`5${i}`));
    const c = catalog(undefined, { idleStartMs: 10_000, afterFirstFindMs: 20 });
    const detach = c.attach();
    expect(await c.find('50')).toMatchObject({ source: 'server' });
    expect(server.changesCalls()).toEqual([]);
    await vi.waitFor(() => expect(c.getStatus()).toMatchObject({ count: 10, complete: true }));
    detach();
  });

  it('is not held up by a sync that is waiting for the server', async () => {
    server.put(product('61'), product('62'));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.intercept = (path) =>
      path.startsWith('/api/secure/product/changes')
        ? held.then(() => ((server.intercept = null), server.fetch(path)))
        : undefined;
    const c = catalog();
    const syncing = c.syncNow();
    await vi.waitFor(() => expect(c.getStatus().syncing).toBe(true));
    expect(await c.find('62')).toMatchObject({ source: 'server', product: { code: '62' } });
    release();
    await syncing;
    expect(c.getStatus()).toMatchObject({ syncing: false, count: 2 });
  });
});

describe('noteSold', () => {
  it('lowers the stock at once and keeps it lowered until the server copy counts the sale', async () => {
    server.put(product('71', { quantity: 5 }));
    const c = catalog();
    await c.syncNow();
    const beforeSale = Date.now();
    await c.noteSold([
      { code: '71', quantity: 2 },
      { code: '71', quantity: 1 },
      { code: 'not-here', quantity: 1 },
    ]);
    expect(await c.find('71')).toMatchObject({ product: { quantity: 2 } });

    // A change made before the sale (a price edit) arrives: the sale's units stay off.
    const edited = { ...server.products.get('71')!, price: 120, updatedAt: new Date(beforeSale - 1).toISOString() };
    server.put(edited);
    await c.syncNow();
    expect(await c.find('71')).toMatchObject({ product: { quantity: 2, price: 120 } });

    // The server's copy after the sale counts it: its quantity is the truth again.
    server.put({ ...edited, quantity: 1, updatedAt: new Date(Date.now() + 1000).toISOString() });
    await c.syncNow();
    expect(await c.find('71')).toMatchObject({ product: { quantity: 1 } });
  });
});

describe('search', () => {
  const seed = () =>
    server.put(
      product('81', { name: 'Dark chocolate 70%', brand: 'Lindt' }),
      product('82', { name: 'Milk chocolate' }),
      product('83', { name: 'Green tea' }),
      product('84', { name: '明治おいしい牛乳 1000ml', brand: '明治' }),
      product('4006381333931', { name: 'Ｃｈｏｃｏ ＢＡＲ' }),
    );

  it('uses the server search online', async () => {
    seed();
    const c = catalog();
    const found = await c.search('chocolate', 10);
    expect(found.source).toBe('server');
    expect(found.items.map((p) => p.code)).toEqual(['81', '82']);
    expect(server.calls).toEqual(['/api/secure/product/search/window/0/10?q=chocolate']);
  });

  it('searches the local copy offline by word prefixes, every term, code and Japanese substrings', async () => {
    seed();
    const c = catalog();
    await c.syncNow();
    onlineManager.setOnline(false);
    server.calls.length = 0;
    const codes = async (text: string, limit = 10) => {
      const r = await c.search(text, limit);
      expect(r.source).toBe('local');
      return r.items.map((p) => p.code).sort();
    };
    expect(await codes('choc')).toEqual(['4006381333931', '81', '82']);
    expect(await codes('milk CHOC')).toEqual(['82']);
    expect(await codes('lindt')).toEqual(['81']);
    expect(await codes('400638')).toEqual(['4006381333931']);
    expect(await codes('牛乳')).toEqual(['84']);
    expect(await codes('おいしい')).toEqual(['84']);
    expect(await codes('choc', 2)).toHaveLength(2);
    expect(await codes('coffee')).toEqual([]);
    expect(server.calls).toEqual([]);
  });
});
