import type { StoreRow } from '../db/types.ts';

/** What the auth guard learnt from a live session's row, and from its X-Store store when named. */
export interface CachedSession {
  userId: string;
  /** When the session itself expires; a cached entry is never used past it. */
  expiresAtMs: number;
  store?: Readonly<StoreRow>;
}

export interface SessionCache {
  get(sessionId: string, urlName: string | undefined): CachedSession | undefined;
  set(sessionId: string, urlName: string | undefined, entry: CachedSession): void;
  /**
   * Forgets everything and stores nothing for the next `ttlMs`: called before and after every
   * change to sessions, stores or users, so a read that raced the change is never kept.
   */
  invalidate(): void;
}

/** Entries kept at most; a flood of sessions evicts the oldest instead of growing memory. */
const MAX_ENTRIES = 10_000;

/**
 * Remembers live sessions (with their X-Store store) for `ttlMs`, so the counter's hot calls (a
 * barcode lookup on every scan) skip the session read. In this process a logout, a password
 * change or a store edit takes effect at once (every change to those tables invalidates, see
 * `watchChanges`); another process sharing the PostgreSQL database sees it within `ttlMs`.
 * Only positive answers are kept: a missing session or store is always read again. Time is the
 * monotonic clock, not the app's Clock, so a test's frozen clock cannot keep an entry alive.
 */
export function createSessionCache(ttlMs: number, now: () => number = () => performance.now()): SessionCache {
  const entries = new Map<string, { entry: CachedSession; until: number }>();
  let pausedUntil = -Infinity;
  const keyOf = (sessionId: string, urlName: string | undefined) => `${sessionId}\n${urlName ?? ''}`;
  return {
    get(sessionId, urlName) {
      const key = keyOf(sessionId, urlName);
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() < hit.until) return hit.entry;
      entries.delete(key);
      return undefined;
    },
    set(sessionId, urlName, entry) {
      const at = now();
      if (ttlMs <= 0 || at < pausedUntil) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      if (entry.store) Object.freeze(entry.store);
      entries.set(keyOf(sessionId, urlName), { entry: Object.freeze(entry), until: at + ttlMs });
    },
    invalidate() {
      entries.clear();
      pausedUntil = now() + ttlMs;
    },
  };
}
