import { onlineManager } from '@tanstack/react-query';
import { isUnreachable, reportUnreachable } from '../../../lib/connectivity.ts';
import { lookupProduct, searchProducts } from './catalog-api.ts';
import {
  fromProduct,
  getByCode,
  getByItem,
  openCatalogDb,
  putProducts,
  readMeta,
  toCounterProduct,
  withSale,
  type CatalogDb,
  type CounterProduct,
} from './catalog-db.ts';
import { searchLocal } from './local-search.ts';
import { foldVariants, isVariant, type SearchEntry } from './fold-variants.ts';

/** A scan's answer: from the local copy or the server, or why there is no product. */
export type FindResult =
  | { product: CounterProduct; source: 'local' | 'server' }
  /** unknown: the server has no such code. offline: not in this device's copy, server unreachable. */
  | { product: null; reason: 'unknown' | 'offline' };

export interface SearchResult {
  items: CounterProduct[];
  /** The same results with an item's variants folded into one entry (fold-variants.ts). */
  entries: SearchEntry[];
  /** 'local' when the server could not be reached: the results are this device's copy. */
  source: 'server' | 'local';
}

export interface SoldLine {
  code: string;
  quantity: number;
}

export interface CatalogStatus {
  /** Products in this device's copy. */
  count: number;
  /** When the copy last caught up with the server (epoch ms); null before the first full sync. */
  lastSyncAt: number | null;
  syncing: boolean;
  /** The whole catalogue has been copied once (later changes follow within a sync period). */
  complete: boolean;
}

export interface CatalogTiming {
  /** The sync starts this long after the counter opened when nothing was scanned. */
  idleStartMs: number;
  /** ...or this long after the first scan was answered. */
  afterFirstFindMs: number;
  /** Then it runs again this often while the counter is open. */
  periodMs: number;
  /** After a sale: the feed hands out changes once 5 s old (SETTLE_MS of the server). */
  afterSaleMs: number;
  pageSize: number;
}

export const DEFAULT_TIMING: CatalogTiming = {
  idleStartMs: 5_000,
  afterFirstFindMs: 1_000,
  periodMs: 45_000,
  afterSaleMs: 7_000,
  pageSize: 300,
};

const SEARCH_MAX = 100;

/**
 * The counter's product copy of one store for one user (dbName null: no user, server only). Scans
 * read the copy first; the changes feed keeps it current in the background, started only once the
 * counter has answered a scan or sat idle, so it never competes with the first scan.
 */
export class CounterCatalog {
  private dbPromise: Promise<CatalogDb | null> | null = null;
  private closed = false;
  private status: CatalogStatus = { count: 0, lastSyncAt: null, syncing: false, complete: false };
  private readonly listeners = new Set<() => void>();
  private attached = 0;
  private started = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private stopWatching: (() => void) | null = null;

  constructor(
    readonly store: string,
    private readonly dbName: string | null,
    private readonly timing: CatalogTiming = DEFAULT_TIMING,
  ) {}

  private db(): Promise<CatalogDb | null> {
    if (this.closed || !this.dbName) return Promise.resolve(null);
    this.dbPromise ??= openCatalogDb(this.dbName, () => this.close()).catch((e: unknown) => {
      // Private windows of some browsers, or a full disk: the counter still works, online only.
      console.warn('The counter cannot keep a product copy on this device', e);
      return null;
    });
    return this.dbPromise;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Stops using the copy for good (its database is being deleted: logout, another user). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.dbPromise?.then((db) => db?.close());
    this.dbPromise = null;
    this.setStatus({ count: 0, lastSyncAt: null, syncing: false, complete: false });
  }

  /** Local reads fail only when the copy is going away; then the server answers instead. */
  private async local<T>(read: (db: CatalogDb) => Promise<T>): Promise<T | undefined> {
    const db = await this.db();
    if (!db) return undefined;
    try {
      return await read(db);
    } catch (e) {
      console.warn('Could not read the counter product copy', e);
      return undefined;
    }
  }

  /** The product with this code: the local copy first (no network), else the lookup route. */
  find = async (code: string): Promise<FindResult> => {
    const stored = await this.local((db) => getByCode(db, code));
    if (stored) {
      this.answered();
      return { product: toCounterProduct(stored), source: 'local' };
    }
    if (!onlineManager.isOnline()) return { product: null, reason: 'offline' };
    let found;
    try {
      found = await lookupProduct(this.store, code);
    } catch (e) {
      if (!isUnreachable(e)) throw e;
      reportUnreachable();
      return { product: null, reason: 'offline' };
    }
    this.answered();
    if (!found) return { product: null, reason: 'unknown' };
    const product = fromProduct(found);
    void this.remember([product]);
    return { product, source: 'server' };
  };

  /** Products matching `text` (at most `limit`, ≤ 100): the server's search, offline the copy's. */
  search = async (text: string, limit = 20): Promise<SearchResult> => {
    const size = Math.max(1, Math.min(SEARCH_MAX, Math.floor(limit)));
    if (!text.trim()) return { items: [], entries: [], source: onlineManager.isOnline() ? 'server' : 'local' };
    if (onlineManager.isOnline()) {
      try {
        const items = (await searchProducts(this.store, text.trim(), size)).map(fromProduct);
        void this.remember(items);
        return { items, entries: await this.fold(items), source: 'server' };
      } catch (e) {
        if (!isUnreachable(e)) throw e;
        reportUnreachable();
      }
    }
    const items = (await this.local((db) => searchLocal(db, text, size))) ?? [];
    return { items, entries: await this.fold(items), source: 'local' };
  };

  /** The variants of an item this device's copy holds (retired ones too); [] without a copy. */
  variantsOf = async (itemId: string): Promise<CounterProduct[]> =>
    ((await this.local((db) => getByItem(db, itemId))) ?? []).map(toCounterProduct);

  /** Results folded by item, with each item's variants read from the copy (one index read per item). */
  private async fold(items: CounterProduct[]): Promise<SearchEntry[]> {
    const itemIds = [...new Set(items.filter(isVariant).map((p) => p.itemId!))];
    const siblings = new Map(await Promise.all(itemIds.map(async (id) => [id, await this.variantsOf(id)] as const)));
    return foldVariants(items, (id) => siblings.get(id));
  }

  /**
   * Lowers the copy's stock at once after a sale, so the next scan's negative-stock warning is
   * right before the feed brings the server's count; then asks the feed once it can have it.
   */
  noteSold = async (lines: SoldLine[]): Promise<void> => {
    const at = Date.now();
    await this.local(async (db) => {
      const tx = db.transaction('products', 'readwrite');
      const byCode = new Map<string, number>();
      for (const l of lines) byCode.set(l.code, (byCode.get(l.code) ?? 0) + l.quantity);
      await Promise.all([
        ...[...byCode].map(async ([code, quantity]) => {
          const all = await tx.store.index('code').getAll(code);
          const stored = all.reduce<(typeof all)[number] | undefined>(
            (a, b) => (!a || b.updatedAt > a.updatedAt ? b : a),
            undefined,
          );
          if (stored) await tx.store.put(withSale(stored, quantity, at));
        }),
        tx.done,
      ]);
    });
    this.later(() => this.requestSync(), this.timing.afterSaleMs);
  };

  private async remember(products: CounterProduct[]): Promise<void> {
    if (!products.length) return;
    await this.local((db) => putProducts(db, products));
  }

  getStatus = (): CatalogStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setStatus(next: Partial<CatalogStatus>): void {
    const merged = { ...this.status, ...next };
    const same = (Object.keys(merged) as Array<keyof CatalogStatus>).every((k) => merged[k] === this.status[k]);
    if (same) return;
    this.status = merged;
    this.listeners.forEach((l) => l());
  }

  private async refreshStatus(): Promise<void> {
    const read = await this.local(async (db) => ({ count: await db.count('products'), meta: await readMeta(db) }));
    if (!read || this.closed) return;
    this.setStatus({ count: read.count, lastSyncAt: read.meta.lastSyncAt, complete: read.meta.complete });
  }

  private later(run: () => void, ms: number): void {
    if (!this.attached) return;
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      run();
    }, ms);
    this.timers.push(timer);
  }

  /** The counter page is open: shows the copy's state and, soon, keeps it current. */
  attach = (): (() => void) => {
    this.attached++;
    if (this.attached === 1) {
      void this.refreshStatus();
      this.later(() => this.start(), this.timing.idleStartMs);
      const onOnline = onlineManager.subscribe((online) => {
        if (online && this.started) this.requestSync();
      });
      const period = setInterval(() => {
        if (document.visibilityState !== 'hidden') this.requestSync();
      }, this.timing.periodMs);
      this.stopWatching = () => {
        onOnline();
        clearInterval(period);
      };
    }
    return () => this.detach();
  };

  private detach(): void {
    this.attached = Math.max(0, this.attached - 1);
    if (this.attached) return;
    this.timers.forEach(clearTimeout);
    this.timers = [];
    this.stopWatching?.();
    this.stopWatching = null;
    this.started = false;
  }

  /** A scan was answered: the counter is in use, so the background sync may begin shortly. */
  private answered(): void {
    if (!this.started) this.later(() => this.start(), this.timing.afterFirstFindMs);
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.requestSync();
  }

  /** Runs the feed now (or right after the running run); resolves when the copy caught up or stopped. */
  syncNow = async (): Promise<void> => {
    this.started = true;
    this.requestSync();
    while (this.running) await this.running;
  };

  private requestSync(): void {
    if (!this.dbName || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.again && this.attached && !this.closed) {
        this.again = false;
        this.requestSync();
      }
    });
  }

  private async runOnce(): Promise<void> {
    const db = await this.db();
    if (!db || !onlineManager.isOnline()) return;
    this.setStatus({ syncing: true });
    try {
      const { runSync } = await import('./catalog-sync.ts');
      const sync = () =>
        runSync(db, this.store, {
          pageSize: this.timing.pageSize,
          shouldContinue: () => !this.closed && onlineManager.isOnline(),
        });
      // One sync per copy across the device's tabs; a tab that finds it taken leaves it to the other.
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) await locks.request(`${this.dbName}:sync`, { ifAvailable: true }, (lock) => lock && sync());
      else await sync();
    } catch (e) {
      if (isUnreachable(e)) reportUnreachable();
      else if (!this.closed) console.warn('The counter product copy could not sync; it tries again later', e);
    } finally {
      this.setStatus({ syncing: false });
      await this.refreshStatus();
    }
  }
}
