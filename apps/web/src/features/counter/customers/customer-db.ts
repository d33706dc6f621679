import type { DBSchema } from 'idb';
import { customerMatches } from '@shopdesk/shared';
import { lazyIdb, type LazyIdb } from '../../../lib/lazy-idb.ts';
import { deviceOwner } from '../../../lib/device-owner.ts';
import { CATALOG_DB_PREFIX, rememberCatalogDb } from '../catalog/catalog-registry.ts';
import type { CounterCustomer } from '../cart/cart.ts';

/**
 * The customers this device's counter has recently seen (searched, scanned, attached, created),
 * so a search or a member card scan still finds them offline. Kept per device owner under the
 * catalogue copies' name prefix: the same cleanup removes them at logout or a change of user
 * (catalog-cleanup.ts). At most RECENT_LIMIT per store; the least recently seen go first.
 */
export const RECENT_LIMIT = 300;

export interface RecentCustomer extends CounterCustomer {
  store: string;
  /** Epoch ms it was last seen: the order the least recent are dropped in. */
  seenAt: number;
}

interface CustomerDb extends DBSchema {
  recent: {
    key: [string, string];
    value: RecentCustomer;
    indexes: { store: string; storeSeen: [string, number]; storeCode: [string, string] };
  };
}

const opened = new Map<string, LazyIdb<CustomerDb>>();

/** `~` never occurs in a store's urlName: this database is never read as a store's product copy. */
export const customerDbName = (owner: string) => `${CATALOG_DB_PREFIX}${owner}:~customers`;

function db() {
  const owner = deviceOwner() ?? 'anonymous';
  const name = customerDbName(owner);
  let handle = opened.get(name);
  if (!handle) {
    rememberCatalogDb(name);
    handle = lazyIdb<CustomerDb>(name, 1, (database) => {
      const recent = database.createObjectStore('recent', { keyPath: ['store', 'id'] });
      recent.createIndex('store', 'store');
      recent.createIndex('storeSeen', ['store', 'seenAt']);
      recent.createIndex('storeCode', ['store', 'code']);
    });
    opened.set(name, handle);
  }
  return handle.get();
}

const storeKey = (store: string) => store.toLowerCase();

/** Keeps `customers` as seen now (newer figures replace older), then drops the least recent past the limit. */
export async function rememberCustomers(store: string, customers: readonly CounterCustomer[]): Promise<void> {
  if (customers.length === 0) return;
  const s = storeKey(store);
  const tx = (await db()).transaction('recent', 'readwrite');
  const now = Date.now();
  await Promise.all(customers.map((c, i) => tx.store.put({ ...c, store: s, seenAt: now + i })));
  const index = tx.store.index('storeSeen');
  const count = await tx.store.index('store').count(s);
  let extra = count - RECENT_LIMIT;
  if (extra > 0) {
    let cursor = await index.openCursor(IDBKeyRange.bound([s, 0], [s, Number.MAX_SAFE_INTEGER]));
    while (cursor && extra > 0) {
      await cursor.delete();
      extra -= 1;
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/** Drops one (a customer created offline, now known under the server's id). */
export async function forgetCustomer(store: string, id: string): Promise<void> {
  await (await db()).delete('recent', [storeKey(store), id]);
}

/** The recently seen customers matching `q` as the server's search would (customerMatches), most recent first. */
export async function searchRecent(store: string, q: string, limit = 20): Promise<CounterCustomer[]> {
  const all = await (await db()).getAllFromIndex('recent', 'store', storeKey(store));
  return all
    .filter((c) => customerMatches({ ...c, phone: c.phoneLast4 }, q))
    .sort((a, b) => b.seenAt - a.seenAt)
    .slice(0, limit)
    .map(strip);
}

/** A recently seen customer by member code (a card scanned offline). */
export async function recentByCode(store: string, code: string): Promise<CounterCustomer | null> {
  const normalized = code.normalize('NFKC').trim().toUpperCase();
  const found = await (await db()).getFromIndex('recent', 'storeCode', [storeKey(store), normalized]);
  return found ? strip(found) : null;
}

function strip({ store: _store, seenAt: _seenAt, ...customer }: RecentCustomer): CounterCustomer {
  return customer;
}

/** Tests only. */
export async function resetCustomerDbForTests(): Promise<void> {
  for (const handle of opened.values()) await handle.deleteForTests();
  opened.clear();
}
