import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { asProductUnit, type Product, type ProductUnit } from '@shopdesk/shared';
import { haystack, searchKeys } from './search-keys.ts';
import { CATALOG_DB_PREFIX, rememberCatalogDb } from './catalog-registry.ts';

/** What the counter needs of a product to add a line and warn about stock. */
export interface CounterProduct {
  id: string;
  code: string;
  name: string;
  brand: string;
  category: string;
  /** Unit price in minor units of the store's main currency. */
  price: number;
  /** Stock on hand (may be negative), lowered at once by noteSold until the feed catches up. */
  quantity: number;
  /** Basis points; null = the store's default rate. */
  taxRate: number | null;
  /** EACH, or KG, L, M: then `price` is per unit and `quantity` thousandths. Absent in copies made before units. */
  unit?: ProductUnit | undefined;
  /** The server's last change of the product (ISO); an older copy never replaces a newer one. */
  updatedAt: string;
  /** Its item (product.md §4): its own id for a product without options; absent in copies made before variants. */
  itemId?: string | undefined;
  /** One value per option of its item, in the options' order; empty or absent: not a variant of several. */
  optionValues?: string[] | undefined;
  /** A retired variant: scanning still sells it, but search and the picker no longer offer it. */
  retired?: boolean | undefined;
}

/** A stored product: the counter's fields plus what the search index and noteSold need. */
export interface StoredProduct extends CounterProduct {
  /** Index keys for the offline search (search-keys.ts). */
  keys: string[];
  /** normalize(code name brand): every term of a search must occur in it. */
  text: string;
  /**
   * Sales made on this device (epoch ms, units) that a server copy changed before them cannot
   * count yet: their units stay off that copy's quantity (see merge).
   */
  sold?: SoldHere[];
}

export interface SoldHere {
  at: number;
  quantity: number;
}

/** Enough for a busy hour of one product; older sales have long reached the feed. */
const MAX_SOLD_KEPT = 50;

/** Where the changes feed stands for this copy. */
export interface SyncMeta {
  /** The feed's `next`; absent before the first page. */
  cursor?: string;
  /** The feed answered `more: false` once since the copy started from nothing. */
  complete: boolean;
  /** When the last run reached the end of the feed (epoch ms). */
  lastSyncAt: number | null;
}

interface CatalogSchema extends DBSchema {
  products: { key: string; value: StoredProduct; indexes: { code: string; keys: string; itemId: string } };
  meta: { key: 'sync'; value: SyncMeta };
}

export type CatalogDb = IDBPDatabase<CatalogSchema>;

/** 1: products and the feed's cursor; 2: item and option values of each product, indexed by item. */
const CATALOG_DB_VERSION = 2;

/** One database per user and store: two users of one device, or two stores, never share a copy. */
export function catalogDbName(userId: string, store: string): string {
  return `${CATALOG_DB_PREFIX}${userId}:${store}`;
}

/** Opens (or creates) a copy; `onClosed` runs when another tab deletes it (logout) or upgrades it. */
export async function openCatalogDb(name: string, onClosed: () => void = () => undefined): Promise<CatalogDb> {
  rememberCatalogDb(name);
  const db = await openDB<CatalogSchema>(name, CATALOG_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        // Keyed by id: a tombstone names the id, and a code may pass from one product to another.
        const products = db.createObjectStore('products', { keyPath: 'id' });
        products.createIndex('code', 'code');
        products.createIndex('keys', 'keys', { multiEntry: true });
        db.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        // Version 2: variants (issue 44). The picker reads an item's variants by this index.
        tx.objectStore('products').createIndex('itemId', 'itemId');
        // A copy made before kept no item or option values: the feed replays from its start
        // (in the background, older copies never replacing newer ones) to bring them.
        if (oldVersion >= 1)
          void tx
            .objectStore('meta')
            .get('sync')
            .then((meta) =>
              meta
                ? tx.objectStore('meta').put({ complete: meta.complete, lastSyncAt: meta.lastSyncAt }, 'sync')
                : undefined,
            );
      }
    },
    // Another tab deletes this database (logout) or upgrades it: let it, instead of blocking it.
    blocking() {
      db.close();
      onClosed();
    },
    terminated: onClosed,
  });
  return db;
}

/** The counter's view of a product of the API. */
export function fromProduct(p: Product): CounterProduct {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    brand: p.brand,
    category: p.category,
    price: p.price,
    quantity: p.quantity,
    taxRate: p.taxRate,
    unit: p.unit,
    updatedAt: p.updatedAt,
    itemId: p.itemId ?? p.id,
    // A server before variants sends neither (the API's JSON is not parsed through the schema here).
    optionValues: p.optionValues ?? [],
    retired: p.retired ?? false,
  };
}

export function toCounterProduct(s: StoredProduct): CounterProduct {
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    brand: s.brand,
    category: s.category,
    price: s.price,
    quantity: s.quantity,
    taxRate: s.taxRate,
    unit: asProductUnit(s.unit),
    updatedAt: s.updatedAt,
    itemId: s.itemId ?? s.id,
    optionValues: s.optionValues ?? [],
    retired: s.retired ?? false,
  };
}

/**
 * What to store for `incoming` given the stored `old` copy, or null to keep `old`: an older server
 * copy never replaces a newer one, and units sold here after the server's copy was made stay off.
 */
export function merge(old: StoredProduct | undefined, incoming: CounterProduct): StoredProduct | null {
  if (old && old.updatedAt > incoming.updatedAt) return null;
  const stored: StoredProduct = {
    ...incoming,
    keys: searchKeys(incoming.name, incoming.brand, incoming.code),
    text: haystack(incoming.name, incoming.brand, incoming.code),
  };
  const changedAt = Date.parse(incoming.updatedAt);
  const notCounted = (old?.sold ?? []).filter((s) => s.at > changedAt);
  if (notCounted.length) {
    stored.quantity -= notCounted.reduce((sum, s) => sum + s.quantity, 0);
    stored.sold = notCounted;
  }
  return stored;
}

/** `stored` after `quantity` units were sold here at `at`: its quantity lowered at once. */
export function withSale(stored: StoredProduct, quantity: number, at: number): StoredProduct {
  const sold = [...(stored.sold ?? []), { at, quantity }].slice(-MAX_SOLD_KEPT);
  return { ...stored, quantity: stored.quantity - quantity, sold };
}

/** Writes server copies of products (a lookup, a search, a page of the feed) in one transaction. */
export async function putProducts(
  db: CatalogDb,
  products: CounterProduct[],
  deletedIds: string[] = [],
  meta?: SyncMeta,
): Promise<void> {
  const tx = db.transaction(['products', 'meta'], 'readwrite');
  const store = tx.objectStore('products');
  const gone = new Set(deletedIds);
  const writes = products
    .filter((p) => !gone.has(p.id))
    .map(async (p) => {
      const next = merge(await store.get(p.id), p);
      if (next) await store.put(next);
    });
  for (const id of deletedIds) writes.push(store.delete(id));
  if (meta)
    writes.push(
      tx
        .objectStore('meta')
        .put(meta, 'sync')
        .then(() => undefined),
    );
  await Promise.all([...writes, tx.done]);
}

/** The product with this code, or undefined; the newest when a code moved between products. */
export async function getByCode(db: CatalogDb, code: string): Promise<StoredProduct | undefined> {
  const all = await db.getAllFromIndex('products', 'code', code);
  return all.reduce<StoredProduct | undefined>((a, b) => (!a || b.updatedAt > a.updatedAt ? b : a), undefined);
}

export async function readMeta(db: CatalogDb): Promise<SyncMeta> {
  return (await db.get('meta', 'sync')) ?? { complete: false, lastSyncAt: null };
}

/** The variants of an item held by the copy, retired ones included (the caller decides). */
export async function getByItem(db: CatalogDb, itemId: string): Promise<StoredProduct[]> {
  return db.getAllFromIndex('products', 'itemId', itemId);
}
