import { onlineManager } from '@tanstack/react-query';
import { deviceCredential, deviceOwner } from '../lib/device-owner.ts';
import { useSession } from '../lib/session-store.ts';
import { useTill } from '../lib/till/till-state.ts';
import { onSubscriptionStatus } from '../lib/subscription-status.ts';
import { backoffDelay } from './backoff.ts';
import { requeueLimitRefusals } from './limit-refusals.ts';
import { announceQueueChanged, onQueueMessage } from './queue-events.ts';
import { deleteSale, listSales, updateSale } from './sale-queue-db.ts';
import { sendQueuedSale, type SendOutcome } from './send-sale.ts';

/** The Web Lock that lets one tab of this device run the sync loop (the others wait their turn). */
export const SALE_SYNC_LOCK = 'shopdesk-sale-sync';
/** A background send gets longer than the cashier's 8 s: nobody waits on it, but it must not hang. */
const LOOP_SEND_TIMEOUT_MS = 20_000;

export interface SyncLoopOptions {
  /** Jitter's source; tests pin it. */
  random?: () => number;
}

/**
 * One sync loop, run under the Web Lock when the browser has Web Locks (else right away, one per
 * tab: the clientId still stores each sale once). It sends this user's (or this till's) waiting
 * sales oldest first, one at a time; a refused sale is marked with its reason and the loop goes on
 * with the next; a 401 pauses it until the device's credential changes (a new login); failures back off with
 * full jitter. It sleeps when there is nothing to send, and wakes on a new sale (any tab), the
 * browser going online, or a login. Returns its stop.
 */
export function startSyncLoopInstance(opts: SyncLoopOptions = {}): () => void {
  const random = opts.random ?? Math.random;
  const stopper = new AbortController();
  const signal = stopper.signal;
  let woken = false;
  let wakeWaiter: (() => void) | null = null;
  let pausedCredential: string | null = null;
  let failures = 0;
  let notBefore = 0;

  const wake = () => {
    woken = true;
    wakeWaiter?.();
  };
  const unsubscribers = [
    onQueueMessage('wake', wake),
    onlineManager.subscribe((online) => {
      if (online) wake();
    }),
    useSession.subscribe((s, prev) => {
      if (s.jwt !== prev.jwt) wake();
    }),
    useTill.subscribe((s, prev) => {
      if (s.tillToken !== prev.tillToken) wake();
    }),
    // Sales refused for the free limit go back in line once a fresh status shows room again.
    onSubscriptionStatus((status) => void requeueLimitRefusals(status)),
  ];
  window.addEventListener('online', wake);
  signal.addEventListener('abort', wake);

  /** Waits `ms` (null: until woken); a wake that came while busy ends the wait at once. */
  const sleep = (ms: number | null) =>
    new Promise<void>((resolve) => {
      if (woken || signal.aborted) return resolve();
      const timer = ms === null ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeWaiter = null;
        resolve();
      }
      wakeWaiter = done;
    });

  const record = (clientId: string, outcome: SendOutcome) =>
    updateSale(clientId, (e) => ({
      ...e,
      attempts: e.attempts + 1,
      lastAttemptAt: Date.now(),
      lastProblem: outcome.kind === 'retry' ? outcome.problem : outcome.kind === 'unauthorized' ? 'unauthorized' : null,
      ...(outcome.kind === 'refused' ? { state: 'refused' as const, refusal: outcome.refusal } : {}),
    }));

  /** One step: sends at most one sale; answers how long to sleep before the next (null: until woken). */
  async function step(): Promise<number | null> {
    const credential = deviceCredential();
    const owner = deviceOwner();
    if (!credential || !owner || pausedCredential === credential) return null;
    pausedCredential = null;
    if (!navigator.onLine) return null;
    const now = Date.now();
    if (now < notBefore) return notBefore - now;
    const next = (await listSales()).find((e) => e.userId === owner && e.state === 'waiting');
    if (!next) return null;
    // Its own tab is sending it this moment (submitSale); the lease runs out if that tab died.
    if (next.leaseUntil > now) return next.leaseUntil - now;

    const attempt = new AbortController();
    const onStop = () => attempt.abort();
    signal.addEventListener('abort', onStop);
    const timer = setTimeout(() => attempt.abort(), LOOP_SEND_TIMEOUT_MS);
    const outcome = await sendQueuedSale(next, { signal: attempt.signal });
    clearTimeout(timer);
    signal.removeEventListener('abort', onStop);
    if (signal.aborted && outcome.kind === 'retry') return null;

    if (outcome.kind === 'synced') await deleteSale(next.clientId);
    else await record(next.clientId, outcome);
    announceQueueChanged();
    switch (outcome.kind) {
      case 'synced':
      case 'refused':
        failures = 0;
        return 0;
      case 'unauthorized':
        pausedCredential = credential;
        return null;
      case 'retry':
        failures += 1;
        if (outcome.retryAfterMs !== null) notBefore = Date.now() + outcome.retryAfterMs;
        return backoffDelay(failures, outcome.retryAfterMs, random);
    }
  }

  async function loop(): Promise<void> {
    while (!signal.aborted) {
      woken = false;
      let wait: number | null;
      try {
        wait = await step();
      } catch (e) {
        // IndexedDB itself failed (quota, a blocked upgrade): try again later, never spin.
        console.error('Sale sync step failed', e);
        failures += 1;
        wait = backoffDelay(failures, null, random);
      }
      if (wait !== 0) await sleep(wait);
    }
  }

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    locks.request(SALE_SYNC_LOCK, { signal }, loop).catch((e: unknown) => {
      if (!(e instanceof DOMException && e.name === 'AbortError')) console.error('Sale sync stopped', e);
    });
  } else {
    void loop();
  }

  return () => {
    if (signal.aborted) return;
    stopper.abort();
    for (const off of unsubscribers) off();
    window.removeEventListener('online', wake);
  };
}

let shared: { stop: () => void; users: number } | null = null;

/**
 * Starts this tab's part in syncing queued sales (the app shell calls it for a logged-in user).
 * Calling it again while it runs just shares the running loop; each returned stop gives back one
 * share, and the last one stops it (so React's double effects in development are harmless).
 */
export function startSaleSync(opts?: SyncLoopOptions): () => void {
  if (shared) shared.users += 1;
  else shared = { stop: startSyncLoopInstance(opts), users: 1 };
  let stopped = false;
  return () => {
    if (stopped || !shared) return;
    stopped = true;
    shared.users -= 1;
    if (shared.users === 0) {
      shared.stop();
      shared = null;
    }
  };
}
