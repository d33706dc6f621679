import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { del, get, keys, set } from 'idb-keyval';
import { deviceOwner, subscribeDeviceOwner } from '../../lib/device-owner.ts';
import {
  boundPersistedClient,
  CACHE_KEY_PREFIX,
  CACHE_PRESENT_FLAG,
  cacheKey,
  PERSIST_LIMITS,
  shouldPersistQuery,
} from './persist-policy.ts';

/**
 * Keeps the logged-in user's last lists and looked-up products in IndexedDB, so a reload without
 * a connection still shows them. Loaded when needed (use-offline-cache.ts): drawing it does not
 * need this, and the first load has a byte budget. One cache per user, removed at logout or when
 * the session ends.
 *
 * The save and restore steps of @tanstack/query-persist-client-core, written against the app's
 * own @tanstack/react-query: that package brings a second copy of query-core with it.
 */
const SAVE_EVERY_MS = 1000;

/** The entry script's URL changes with every build, so a new app never reads an old app's data. */
function buildId(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry ? new URL(entry.src, location.href).pathname : 'dev';
}

async function removeOtherUsers(keep: string | null): Promise<void> {
  const all = await keys();
  await Promise.all(
    all.filter((k) => typeof k === 'string' && k.startsWith(CACHE_KEY_PREFIX) && k !== keep).map((k) => del(k)),
  );
  if (!keep) localStorage.removeItem(CACHE_PRESENT_FLAG);
}

/** Removes every user's offline cache from the device (logged out before the cache was loaded). */
export function clearOfflineCache(): Promise<void> {
  return removeOtherUsers(null);
}

async function restore(queryClient: QueryClient, key: string, buster: string): Promise<void> {
  const stored = await get<string>(key);
  if (!stored) return;
  const client = JSON.parse(stored) as PersistedClient;
  if (client.buster !== buster || Date.now() - client.timestamp > PERSIST_LIMITS.maxAgeMs) {
    await del(key);
    return;
  }
  // Only fills in what the app has not loaded newer since it started (hydrate compares times).
  hydrate(queryClient, client.clientState);
  // A restored answer is shown at once but counts as stale: the last save may predate a change
  // made just before the reload, so each is asked again as soon as a screen shows it (offline,
  // that waits for the connection and the restored answer stays on screen).
  for (const { queryKey, state } of client.clientState.queries) {
    const restored = queryClient.getQueryState(queryKey)?.dataUpdatedAt === state.dataUpdatedAt;
    if (restored) void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}

/** Saves `queryClient`'s allowed queries under `key` at most once a second; returns a stop. */
function subscribe(queryClient: QueryClient, key: string, buster: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const save = () => {
    timer = undefined;
    if (stopped) return;
    const client: PersistedClient = {
      buster,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: shouldPersistQuery,
        shouldDehydrateMutation: () => false,
      }),
    };
    const json = JSON.stringify(boundPersistedClient(client, client.timestamp));
    set(key, json).catch((e: unknown) => console.warn('Could not save the offline cache', e));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(save, SAVE_EVERY_MS);
  });
  // What loaded while the stored cache was being restored has not been saved yet.
  timer = setTimeout(save, SAVE_EVERY_MS);
  // Leaving the page (a reload, closing the tab, the phone switching apps) writes what is pending.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Follows the session (or the till): persists the logged-in user's cache, wipes it when they log out. */
export function startQueryPersistence(queryClient: QueryClient): () => void {
  let activeKey: string | null = null;
  let stop: (() => void) | null = null;

  const follow = (userId: string | null) => {
    const key = userId ? cacheKey(userId) : null;
    if (key === activeKey) return;
    stop?.();
    stop = null;
    activeKey = key;
    // Logged out, or someone else: nothing of the previous user stays on the device.
    void removeOtherUsers(key).catch((e: unknown) => console.warn('Could not clear the offline cache', e));
    if (!key) return;
    // Lets a logout clear the cache without loading this module first (use-offline-cache.ts).
    localStorage.setItem(CACHE_PRESENT_FLAG, '1');
    const buster = buildId();
    let cancelled = false;
    stop = () => {
      cancelled = true;
    };
    // Restore first, then save: a save before the restore would overwrite the stored cache.
    restore(queryClient, key, buster)
      .catch(async (e: unknown) => {
        console.warn('Could not restore the offline cache; it is discarded', e);
        await del(key).catch(() => undefined);
      })
      .finally(() => {
        if (!cancelled) stop = subscribe(queryClient, key, buster);
      });
  };

  follow(deviceOwner());
  const unsubscribeSession = subscribeDeviceOwner(follow);
  return () => {
    unsubscribeSession();
    stop?.();
  };
}
