/** What was concluded for one credential and X-Store header, and until when it holds. */
export interface CachedEntry<T> {
  value: Readonly<T>;
  /** When the token or its session expires, whichever is first; never used past it. */
  expiresAtMs: number;
}

export interface SessionCache<T> {
  /** `credential` is the whole Authorization header, so a hit needs no parsing at all. */
  get(credential: string, urlName: string | undefined): CachedEntry<T> | undefined;
  set(credential: string, urlName: string | undefined, entry: CachedEntry<T>): void;
  /**
   * Forgets everything and stores nothing for the next `ttlMs`: called before and after every
   * change to sessions, stores or users, so a read that raced the change is never kept.
   */
  invalidate(): void;
}

/** Credentials kept at most; a flood of logins evicts the oldest instead of growing memory. */
const MAX_CREDENTIALS = 10_000;

/** Freezes the value and the objects it holds directly, so no caller can change what others will be handed. */
function freezeShallowTree<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) if (inner && typeof inner === 'object') Object.freeze(inner);
  }
  return Object.freeze(value);
}

/**
 * Remembers live sessions (with their X-Store store) for `ttlMs`, so the counter's hot calls (a
 * barcode lookup on every scan) neither verify the token nor read the session again. In this
 * process a logout, a password change or a store edit takes effect at once (every change to those
 * tables invalidates, see `watchChanges`); another process sharing the PostgreSQL database sees it
 * within `ttlMs`. Only positive answers are kept: a bad token, a missing session or store is always
 * checked again. Time is the monotonic clock, not the app's Clock, so a test's frozen clock cannot
 * keep an entry alive.
 */
export function createSessionCache<T>(ttlMs: number, now: () => number = () => performance.now()): SessionCache<T> {
  // Per credential, per store urlName ('' for none): a user has few stores.
  const entries = new Map<string, Map<string, { entry: CachedEntry<T>; until: number }>>();
  let pausedUntil = -Infinity;
  return {
    get(credential, urlName) {
      const hit = entries.get(credential)?.get(urlName ?? '');
      if (!hit) return undefined;
      if (now() < hit.until) return hit.entry;
      entries.get(credential)!.delete(urlName ?? '');
      return undefined;
    },
    set(credential, urlName, entry) {
      const at = now();
      if (ttlMs <= 0 || at < pausedUntil) return;
      let stores = entries.get(credential);
      if (!stores) {
        if (entries.size >= MAX_CREDENTIALS) entries.delete(entries.keys().next().value!);
        entries.set(credential, (stores = new Map()));
      }
      stores.set(urlName ?? '', {
        entry: Object.freeze({ ...entry, value: freezeShallowTree(entry.value) }),
        until: at + ttlMs,
      });
    },
    invalidate() {
      entries.clear();
      pausedUntil = now() + ttlMs;
    },
  };
}
