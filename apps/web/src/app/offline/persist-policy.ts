import type { Query } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';

/**
 * What of the query cache is kept on the device for offline use, and how much. Read-only views a
 * shop needs when the connection drops: product lookups, list windows and catalogue pages,
 * categories and the catalogue summary (all under 'products'), the user's stores and the current
 * store with its payment methods and barcode rules, the profile, and cargos with their contents. Not kept: anything of sign-in (codes,
 * tokens), hand-over QR tokens, barcode suggestions from outside the store, failed or empty results.
 */
const PERSISTED_ROOTS: ReadonlySet<string> = new Set(['products', 'stores', 'store', 'profile', 'cargo']);
const NOT_PERSISTED_UNDER_PRODUCTS: ReadonlySet<string> = new Set(['suggestion']);

export const PERSIST_LIMITS: Readonly<PersistLimits> = {
  /** At most this many queries (the most recently loaded win). */
  maxQueries: 300,
  /** At most this many characters of JSON (about as many bytes; IndexedDB has room, phones less). */
  maxChars: 3_000_000,
  /** Older results are dropped: a week-old price list would mislead more than it helps. */
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
};

export interface PersistLimits {
  maxQueries: number;
  maxChars: number;
  maxAgeMs: number;
}

type QueryLike = Pick<Query, 'queryKey' | 'state'>;

/** Whether one query of the cache may be written to the device. */
export function shouldPersistQuery(query: QueryLike): boolean {
  if (query.state.status !== 'success' || query.state.data == null) return false;
  const [root, , kind] = query.queryKey;
  if (typeof root !== 'string' || !PERSISTED_ROOTS.has(root)) return false;
  if (root === 'products' && typeof kind === 'string' && NOT_PERSISTED_UNDER_PRODUCTS.has(kind)) return false;
  // A cargo and its contents are kept so counting goes on offline after a reload (features/cargo);
  // never a hand-over QR's token, which is a single-use key to the cargo.
  if (root === 'cargo' && query.queryKey.includes('qr')) return false;
  return true;
}

/**
 * Whether a query is data of a screen past the first ones (login, home): the point from which the
 * offline cache is worth loading (use-offline-cache.ts). Home's summary and the current store do
 * not count; they are kept too once the cache is loaded.
 */
export function isBeyondFirstScreen(query: Pick<Query, 'queryKey'>): boolean {
  const [root, , kind] = query.queryKey;
  if (typeof root !== 'string' || !PERSISTED_ROOTS.has(root)) return false;
  if (root === 'store') return false;
  return !(root === 'products' && kind === 'summary');
}

/**
 * The persisted client cut to the limits: queries older than maxAge dropped, then the newest kept
 * until the count or size limit is reached. No mutations are kept (writes are never replayed).
 */
export function boundPersistedClient(
  client: PersistedClient,
  now: number,
  limits: PersistLimits = PERSIST_LIMITS,
): PersistedClient {
  const fresh = client.clientState.queries
    .filter((q) => now - q.state.dataUpdatedAt <= limits.maxAgeMs)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: typeof fresh = [];
  let chars = 0;
  for (const q of fresh) {
    if (kept.length >= limits.maxQueries) break;
    const size = JSON.stringify(q).length;
    // One huge result (a long catalogue) is skipped rather than crowding out everything else.
    if (chars + size > limits.maxChars) continue;
    kept.push(q);
    chars += size;
  }
  return { ...client, clientState: { mutations: [], queries: kept } };
}

/** The storage key of one user's cache: another user of the same phone never reads it. */
export const cacheKey = (userId: string) => `shopdesk-query-cache:${userId}`;
export const CACHE_KEY_PREFIX = 'shopdesk-query-cache:';
/** localStorage key set while an offline cache may be on the device. */
export const CACHE_PRESENT_FLAG = 'shopdesk-offline-cache';
