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
