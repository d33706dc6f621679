import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useDeviceOwner } from '../../../lib/device-owner.ts';
import { catalogDbName } from './catalog-db.ts';
import { followSessionForCatalogs } from './catalog-cleanup.ts';
import {
  CounterCatalog,
  type CatalogStatus,
  type FindResult,
  type SearchResult,
  type SoldLine,
} from './counter-catalog.ts';

import type { CounterProduct } from './catalog-db.ts';
export type { CounterProduct } from './catalog-db.ts';
export type { ItemEntry, SearchEntry } from './fold-variants.ts';
export type { CatalogStatus, FindResult, SearchResult, SoldLine } from './counter-catalog.ts';

export interface CounterCatalogApi {
  /** A scanned code: the local copy in a few ms, else the server; never waits for the sync. */
  find: (code: string) => Promise<FindResult>;
  /** By name, code or brand: the server's search online, this device's copy offline. */
  search: (text: string, limit?: number) => Promise<SearchResult>;
  /** The variants of an item in this device's copy (the picker's offline source). */
  variantsOf: (itemId: string) => Promise<CounterProduct[]>;
  /** After a sale: lowers the copy's stock at once and asks the feed for the server's count. */
  noteSold: (lines: SoldLine[]) => Promise<void>;
  status: CatalogStatus;
}

/** One copy per user (or till) and store for the whole app, so leaving and reopening the counter reuses it. */
const catalogs = new Map<string, CounterCatalog>();

export function counterCatalogFor(userId: string | null, store: string): CounterCatalog {
  followSessionForCatalogs();
  const key = `${userId ?? ''}\n${store}`;
  let catalog = catalogs.get(key);
  if (!catalog || catalog.isClosed) {
    catalog = new CounterCatalog(store, userId ? catalogDbName(userId, store) : null);
    catalogs.set(key, catalog);
  }
  return catalog;
}

/**
 * The counter's product copy of `store` for the logged-in user. The functions keep their identity
 * for the life of the page (they call the current store's copy), so they can sit in effect deps
 * and key handlers without re-subscribing.
 */
export function useCounterCatalog(store: string): CounterCatalogApi {
  const userId = useDeviceOwner();
  const catalog = useMemo(() => counterCatalogFor(userId, store), [userId, store]);
  const current = useRef(catalog);
  useLayoutEffect(() => {
    current.current = catalog;
  }, [catalog]);
  useEffect(() => catalog.attach(), [catalog]);
  const status = useSyncExternalStore(catalog.subscribe, catalog.getStatus, catalog.getStatus);
  const find = useCallback((code: string) => current.current.find(code), []);
  const search = useCallback((text: string, limit?: number) => current.current.search(text, limit), []);
  const noteSold = useCallback((lines: SoldLine[]) => current.current.noteSold(lines), []);
  const variantsOf = useCallback((itemId: string) => current.current.variantsOf(itemId), []);
  return useMemo(() => ({ find, search, variantsOf, noteSold, status }), [find, search, variantsOf, noteSold, status]);
}
