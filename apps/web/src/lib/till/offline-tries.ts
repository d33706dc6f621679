/**
 * The till's own throttle of wrong PINs while it is offline (product.md §2: tries are throttled
 * per till and per member). Online, the server counts the tries; offline, the till checks PINs
 * against the hashes it keeps, so without this a person at the counter could guess as fast as the
 * hash allows. Per member: 3 free tries, then a wait of 30 s doubling with each wrong try; after
 * 10 wrong tries the member stays locked on this till until the server answers again (its own
 * throttle then applies) or a member with SETTINGS lifts it with their PIN.
 *
 * Kept in localStorage and read on every check, so a reload (or a second tab) does not reset it.
 * The waits follow the device's clock, which a person could turn; the lock after 10 does not, so
 * that is the bound on offline guesses per member.
 */
export const OFFLINE_FREE_TRIES = 3;
export const OFFLINE_FIRST_WAIT_MS = 30_000;
export const OFFLINE_LOCK_AFTER = 10;

const KEY = 'shopdesk-till-tries';

/** Whether a member's PIN may be checked offline now. */
export type OfflineGate = { kind: 'open' } | { kind: 'wait'; ms: number } | { kind: 'locked' };

interface Tries {
  wrong: number;
  /** Epoch ms before which no PIN of this member is checked offline. */
  until: number;
}

type Kept = Record<string, Tries>;

const keyOf = (store: string, userId: string) => `${store.toLowerCase()}\n${userId}`;

function read(): Kept {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    return value && typeof value === 'object' ? (value as Kept) : {};
  } catch {
    return {};
  }
}

function write(kept: Kept) {
  try {
    if (Object.keys(kept).length > 0) localStorage.setItem(KEY, JSON.stringify(kept));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the count lives no longer than the page.
  }
}

function gateOf(tries: Tries | undefined, now: number): OfflineGate {
  if (!tries) return { kind: 'open' };
  if (tries.wrong >= OFFLINE_LOCK_AFTER) return { kind: 'locked' };
  return tries.until > now ? { kind: 'wait', ms: tries.until - now } : { kind: 'open' };
}

/** The wait after `wrong` wrong tries: none for the first 3, then 30 s doubling. */
export function offlineWaitAfter(wrong: number): number {
  return wrong < OFFLINE_FREE_TRIES ? 0 : OFFLINE_FIRST_WAIT_MS * 2 ** (wrong - OFFLINE_FREE_TRIES);
}

/** Whether this member's PIN may be checked offline now, or how long to wait, or locked. */
export function offlineGate(store: string, userId: string, now = Date.now()): OfflineGate {
  return gateOf(read()[keyOf(store, userId)], now);
}

/** Counts a wrong PIN typed offline; answers the gate now in force for that member. */
export function offlineWrong(store: string, userId: string, now = Date.now()): OfflineGate {
  const kept = read();
  const key = keyOf(store, userId);
  const wrong = (kept[key]?.wrong ?? 0) + 1;
  kept[key] = { wrong, until: now + offlineWaitAfter(wrong) };
  write(kept);
  return gateOf(kept[key], now);
}

/**
 * Forgets a member's wrong tries: their right PIN offline, or a member with SETTINGS lifting the
 * lock with their own PIN.
 */
export function offlineCleared(store: string, userId: string) {
  const kept = read();
  delete kept[keyOf(store, userId)];
  write(kept);
}

/** The server answered a PIN: the till is online and the server's throttle counts from now on. */
export function onlineAgain() {
  write({});
}

/** Whether a failed PIN check is this till's own throttle (not the server's answer). */
export function isOfflineRefusal(error: unknown): error is Exclude<OfflineGate, { kind: 'open' }> {
  return (
    typeof error === 'object' && error !== null && 'kind' in error && (error.kind === 'wait' || error.kind === 'locked')
  );
}
