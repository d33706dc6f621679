import { useEffect } from 'react';
import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { deviceOwner, subscribeDeviceOwner } from '../../lib/device-owner.ts';
import { CACHE_PRESENT_FLAG, isBeyondFirstScreen, shouldPersistQuery } from './persist-policy.ts';

/**
 * Loads the offline cache (persist-cache.ts, its own chunk) for a logged-in user (or a till) once it is
 * needed: when the connection is gone (now, at start, or later), or when the app loads data past
 * the first screen (a list, a lookup, the store list). The login page and home draw without it, so
 * it stays out of their first load (e2e first-load.spec.ts); what home shows is kept as soon as it
 * loads, with everything else still in memory.
 */
export function useOfflineCache(queryClient: QueryClient): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let requested = false;
    const unsubscribers: Array<() => void> = [];
    const load = () => {
      if (requested || !deviceOwner()) return;
      requested = true;
      unsubscribers.forEach((u) => u());
      void import('./persist-cache.ts').then(({ startQueryPersistence }) => {
        if (!cancelled) stop = startQueryPersistence(queryClient);
      });
    };
    // Data that arrived, not a query merely set up (the store picker's list waits until it opens).
    const worthKeeping = (q: Query) => shouldPersistQuery(q) && isBeyondFirstScreen(q);
    const loadIfNeeded = () => {
      if (!deviceOwner()) {
        clearIfLeft();
        return;
      }
      if (!onlineManager.isOnline() || queryClient.getQueryCache().getAll().some(worthKeeping)) load();
    };
    // Logged out (or the session ended) while the cache module was not loaded: a cache left on the
    // device by an earlier visit is still removed. Once loaded, the module does this itself.
    const clearIfLeft = () => {
      if (requested || !localStorage.getItem(CACHE_PRESENT_FLAG)) return;
      void import('./persist-cache.ts')
        .then(({ clearOfflineCache }) => clearOfflineCache())
        .catch((e: unknown) => console.warn('Could not clear the offline cache', e));
    };
    unsubscribers.push(
      onlineManager.subscribe((online) => {
        if (!online) load();
      }),
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && worthKeeping(event.query)) load();
      }),
      // Logging in (or becoming a till) may come after data was loaded, or while offline.
      subscribeDeviceOwner(loadIfNeeded),
    );
    loadIfNeeded();
    return () => {
      cancelled = true;
      unsubscribers.forEach((u) => u());
      stop?.();
    };
  }, [queryClient]);
}
