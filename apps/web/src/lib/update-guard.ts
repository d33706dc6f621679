import { useEffect } from 'react';

/**
 * What a new version of the app must wait for, in one small place the shell reads (app/pwa/update-flow.ts)
 * without knowing the screens: the counter holds the update while it has a cart, the payment
 * dialog while it is open (change screen included). Screens that keep something only in memory
 * for a moment register a flush, so "update now" writes it to IndexedDB before the page reloads.
 */
const holds = new Map<symbol, string>();
const flushes = new Set<() => Promise<unknown>>();
const listeners = new Set<() => void>();

/** Holds updates back for `reason` until the returned release is called. */
export function holdUpdates(reason: string): () => void {
  const token = Symbol(reason);
  holds.set(token, reason);
  listeners.forEach((l) => l());
  return () => {
    if (!holds.delete(token)) return;
    listeners.forEach((l) => l());
  };
}

/** The reasons now holding updates back (one per holder; empty when an update may apply). */
export function updateHolds(): string[] {
  return [...holds.values()];
}

/** Calls `listener` whenever a hold starts or ends; returns the unsubscribe. */
export function onHoldsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Holds updates back while `held` is true and the component is mounted. */
export function useUpdateHold(reason: string, held: boolean): void {
  useEffect(() => (held ? holdUpdates(reason) : undefined), [reason, held]);
}

/** Registers a write to finish before the page reloads into a new version; returns the unregister. */
export function registerUpdateFlush(flush: () => Promise<unknown>): () => void {
  flushes.add(flush);
  return () => flushes.delete(flush);
}

/** Runs every registered flush; a failing one does not keep the others (or the update) back. */
export async function flushBeforeUpdate(): Promise<void> {
  await Promise.allSettled([...flushes].map((flush) => flush()));
}

let takeover: { resumed: Promise<void>; resume: () => void } | null = null;

/**
 * Holds this page's requests back while a new version's worker takes over (app/pwa/update-flow.ts),
 * until the returned resume (the takeover was overdue) or the reload. Chromium activates the new
 * worker only once the old one has stopped, and any request of the page starts the old one again,
 * which then stays up until it has been idle for 30 s. With the connectivity probe every 5 s and the
 * sale sync retrying (a shop whose Wi-Fi is up and whose internet is not) it never was: the update
 * never applied, and a reload sent meanwhile never loaded (e2e/specs/pwa-update.spec.ts, 2 runs in 5
 * on Chromium 156). A request held here is no worse off than one the reload would have cut.
 */
export function pauseRequestsForTakeover(): () => void {
  if (takeover) return takeover.resume;
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  const current = {
    resumed,
    resume: () => {
      if (takeover === current) takeover = null;
      resume();
    },
  };
  takeover = current;
  return current.resume;
}

/** Resolves once this page may send requests: at once, unless a takeover holds them back. */
export function requestsMayGo(): Promise<void> | undefined {
  return takeover?.resumed;
}
