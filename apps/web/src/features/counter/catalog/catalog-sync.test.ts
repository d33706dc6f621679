import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { catalogDbName } from './catalog-db.ts';
import { CounterCatalog, DEFAULT_TIMING } from './counter-catalog.ts';
import { FakeServer, product } from './fake-server.ts';
import { counterCatalogFor } from './use-counter-catalog.ts';

let server: FakeServer;
let dbCount = 0;
const open: CounterCatalog[] = [];

function catalog(name: string) {
  const c = new CounterCatalog('my-shop', name, {
    ...DEFAULT_TIMING,
    idleStartMs: 60_000,
    afterFirstFindMs: 60_000,
    pageSize: 3,
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

describe('the background sync', () => {
  it('applies the feed page by page, updates and tombstones included', async () => {
    for (let i = 1; i <= 7; i++) server.put(product(`10${i}`, { price: i * 100 }));
    server.put({ ...server.products.get('102')!, name: 'Renamed', price: 250, updatedAt: new Date().toISOString() });
    server.remove('105');
    const c = catalog(`sync-${++dbCount}`);
    await c.syncNow();

    // 9 changes in pages of 3.
    expect(server.changesCalls()).toEqual([
      '/api/secure/product/changes?limit=3',
      '/api/secure/product/changes?limit=3&since=c3',
      '/api/secure/product/changes?limit=3&since=c6',
    ]);
    expect(c.getStatus()).toMatchObject({ count: 6, complete: true, syncing: false });
    expect(c.getStatus().lastSyncAt).toBeGreaterThan(Date.now() - 5_000);
    expect(await c.find('102')).toMatchObject({ source: 'local', product: { name: 'Renamed', price: 250 } });
    onlineManager.setOnline(false);
    expect(await c.find('105')).toEqual({ product: null, reason: 'offline' });
    onlineManager.setOnline(true);

    // Nothing new: one call with the stored cursor, nothing changes.
    server.calls.length = 0;
    await c.syncNow();
    expect(server.changesCalls()).toEqual(['/api/secure/product/changes?limit=3&since=c9']);
  });

  it('resumes from the stored cursor after a reload, and is not complete before the end', async () => {
    for (let i = 1; i <= 8; i++) server.put(product(`20${i}`));
    const name = `sync-${++dbCount}`;
    const first = catalog(name);
    server.intercept = (path) => (path.includes('since=c6') ? new Response('down', { status: 503 }) : undefined);
    await first.syncNow();
    expect(first.getStatus()).toMatchObject({ count: 6, complete: false, lastSyncAt: null });
    first.close();

    server.intercept = null;
    server.calls.length = 0;
    const reloaded = catalog(name);
    await reloaded.syncNow();
    expect(server.changesCalls()).toEqual(['/api/secure/product/changes?limit=3&since=c6']);
    expect(reloaded.getStatus()).toMatchObject({ count: 8, complete: true });
  });

  it('starts the feed again from the beginning when the server no longer reads its cursor', async () => {
    for (let i = 1; i <= 4; i++) server.put(product(`25${i}`));
    const c = catalog(`sync-${++dbCount}`);
    await c.syncNow();
    server.put(product('259'));
    let refused = false;
    server.intercept = (path) => {
      if (refused || !path.includes('since=')) return undefined;
      refused = true;
      const body = { message: 'Not valid', code: 'VALIDATION_ERROR', details: [{ field: 'since', message: 'x' }] };
      return new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json' } });
    };
    server.calls.length = 0;
    await c.syncNow();
    expect(server.changesCalls()).toEqual([
      '/api/secure/product/changes?limit=3&since=c4',
      '/api/secure/product/changes?limit=3',
      '/api/secure/product/changes?limit=3&since=c3',
    ]);
    expect(c.getStatus()).toMatchObject({ count: 5, complete: true });
  });

  it('stops when the connection goes and does not start offline', async () => {
    for (let i = 1; i <= 9; i++) server.put(product(`30${i}`));
    const c = catalog(`sync-${++dbCount}`);
    server.intercept = (path) => {
      if (path.includes('since=c3')) onlineManager.setOnline(false);
      return undefined;
    };
    await c.syncNow();
    expect(server.changesCalls()).toHaveLength(2);
    expect(c.getStatus()).toMatchObject({ count: 6, complete: false });
    server.calls.length = 0;
    await c.syncNow();
    expect(server.changesCalls()).toEqual([]);
  });

  it('never runs twice at once in a tab, and leaves the sync to the tab holding the lock', async () => {
    for (let i = 1; i <= 6; i++) server.put(product(`40${i}`));
    const c = catalog(`sync-${++dbCount}`);
    await Promise.all([c.syncNow(), c.syncNow(), c.syncNow()]);
    // Three asks while one run goes: that one run, two pages, no request of its pages twice.
    expect(server.changesCalls()).toEqual([
      '/api/secure/product/changes?limit=3',
      '/api/secure/product/changes?limit=3&since=c3',
    ]);

    const taken = new Set<string>([`sync-locked:sync`]);
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, _opts: unknown, cb: (lock: object | null) => Promise<unknown>) =>
          cb(taken.has(name) ? null : {}),
      },
    });
    server.calls.length = 0;
    const other = catalog('sync-locked');
    await other.syncNow();
    expect(server.changesCalls()).toEqual([]);
  });
});

describe('logging out', () => {
  it("removes the user's copies and keeps none of another user", async () => {
    useSession.getState().login('jwt', { userId: 'u1' } as never);
    server.put(product('501'));
    const c = counterCatalogFor('u1', 'my-shop');
    await c.syncNow();
    expect(c.getStatus().count).toBe(1);
    const names = async () => (await indexedDB.databases()).map((d) => d.name);
    expect(await names()).toContain(catalogDbName('u1', 'my-shop'));

    useSession.getState().clearSession();
    await vi.waitFor(async () => expect(await names()).not.toContain(catalogDbName('u1', 'my-shop')));
    expect(c.isClosed).toBe(true);
    expect(localStorage.getItem('shopdesk-counter-catalogs')).toBeNull();
    // Logging in again starts from an empty copy.
    useSession.getState().login('jwt', { userId: 'u1' } as never);
    const again = counterCatalogFor('u1', 'my-shop');
    expect(again).not.toBe(c);
    onlineManager.setOnline(false);
    expect(await again.find('501')).toEqual({ product: null, reason: 'offline' });
  });
});
