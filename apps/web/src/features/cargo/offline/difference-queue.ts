import { onlineManager } from '@tanstack/react-query';
import type { CargoDifferenceResult } from '@shopdesk/shared';
import { ApiRequestError, ContractError, NetworkError } from '../../../lib/api-error.ts';
import { reportUnreachable } from '../../../lib/connectivity.ts';
import { useSession } from '../../../lib/session-store.ts';
import { backoffDelay } from '../../../sync/backoff.ts';
import { requestPersistentStorage } from '../../../sync/persist-storage.ts';
import { sendDifference } from '../api/contents.ts';
import {
  addDifference,
  countAttempt,
  deleteDifference,
  listDifferences,
  type NewQueuedDifference,
  type QueuedDifference,
} from './difference-queue-db.ts';
import { CARGO_QUEUE_DB } from './queue-name.ts';

/**
 * The cargo counting queue: every quantity change is written to IndexedDB first, then sent in the
 * order it was made. Offline (or when the server does not answer) changes wait and go when the
 * connection is back; each carries its clientId, so a resend after a lost answer applies once.
 * The screens read `snapshot` to show what is still waiting and the quantities with it.
 */

/** What came of sending one waiting change. */
export type DifferenceOutcome =
  | { kind: 'synced'; entry: QueuedDifference; result: CargoDifferenceResult | null }
  /** The server refused it for good (the line was removed, it would go below zero): it is dropped. */
  | { kind: 'refused'; entry: QueuedDifference; error: ApiRequestError };

type Listener = () => void;
type OutcomeListener = (outcome: DifferenceOutcome) => void;

let snapshot: QueuedDifference[] = [];
let loaded = false;
let sending = false;
let sendAgain = false;
const listeners = new Set<Listener>();
const outcomeListeners = new Set<OutcomeListener>();
let channel: BroadcastChannel | null | undefined;

function notify(): void {
  for (const l of [...listeners]) l();
}

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CARGO_QUEUE_DB) : null;
    // Another tab wrote or sent a change: re-read the queue (and send, if it is ours to send).
    channel?.addEventListener('message', () => void refresh());
  }
  return channel;
}

function tellOtherTabs(): void {
  try {
    getChannel()?.postMessage('changed');
  } catch (e) {
    console.warn('Could not tell other tabs about the cargo queue', e);
  }
}

/** Re-reads the queue from IndexedDB. */
export async function refresh(): Promise<void> {
  snapshot = await listDifferences();
  loaded = true;
  notify();
}

/** The waiting changes as last read (oldest first). */
export function getSnapshot(): QueuedDifference[] {
  return snapshot;
}

export function isLoaded(): boolean {
  return loaded;
}

/** Is a send running right now (the screen says "saving…" rather than "waiting for network"). */
export function isSending(): boolean {
  return sending;
}

export function subscribe(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  if (!loaded) void refresh();
  return () => listeners.delete(listener);
}

/** Hears every change that got through or was refused (the screens update their copy of the line). */
export function onOutcome(listener: OutcomeListener): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/** Queues one change (durably) and sends what is waiting when online. */
export async function queueDifference(
  change: Omit<NewQueuedDifference, 'userId' | 'queuedAt' | 'attempts' | 'clientId'>,
) {
  const userId = useSession.getState().loggedUser?.userId;
  if (!userId) throw new Error('Counting needs a logged-in user');
  const entry = await addDifference({
    ...change,
    clientId: crypto.randomUUID(),
    userId,
    queuedAt: Date.now(),
    attempts: 0,
  });
  snapshot = [...snapshot, entry];
  notify();
  tellOtherTabs();
  requestPersistentStorage();
  void flushDifferences();
  return entry;
}

type Attempt =
  | { kind: 'synced'; result: CargoDifferenceResult | null }
  | { kind: 'refused'; error: ApiRequestError }
  | { kind: 'retry'; retryAfterMs: number | null; unreachable: boolean }
  | { kind: 'unauthorized' };

async function attempt(entry: QueuedDifference, signal: AbortSignal): Promise<Attempt> {
  try {
    const result = await sendDifference(
      entry.store,
      entry.cargoCode,
      entry.contentId,
      { updatedQuantity: entry.updatedQuantity, difference: entry.difference, clientId: entry.clientId },
      { signal, handleUnauthorized: false },
    );
    return { kind: 'synced', result };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.status === 401) return { kind: 'unauthorized' };
      if (error.status === 408 || error.status === 429 || error.status >= 500)
        return { kind: 'retry', retryAfterMs: error.retryAfterMs, unreachable: false };
      return { kind: 'refused', error };
    }
    // A 2xx whose body is not the contract's: the server applied it all the same.
    if (error instanceof ContractError) return { kind: 'synced', result: null };
    return { kind: 'retry', retryAfterMs: null, unreachable: error instanceof NetworkError };
  }
}

const SEND_TIMEOUT_MS = 15_000;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pausedJwt: string | null = null;

/**
 * Sends this user's waiting changes oldest first, one at a time, until the queue is empty or a
 * send fails; then it tries again later (backing off) or when the connection comes back. One run
 * at a time per tab; two tabs sending the same change is harmless (its clientId).
 */
export async function flushDifferences(): Promise<void> {
  if (sending) {
    // A change queued while this run reads the queue: look again before stopping.
    sendAgain = true;
    return;
  }
  const { jwt, loggedUser } = useSession.getState();
  if (!jwt || !loggedUser || pausedJwt === jwt) return;
  if (!onlineManager.isOnline()) return;
  sending = true;
  sendAgain = false;
  let stalled = false;
  notify();
  try {
    if (!loaded) await refresh();
    for (;;) {
      const next = (await listDifferences()).find((e) => e.userId === loggedUser.userId);
      if (!next) {
        failures = 0;
        break;
      }
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS);
      const outcome = await attempt(next, abort.signal);
      clearTimeout(timer);
      if (outcome.kind === 'synced' || outcome.kind === 'refused') {
        await deleteDifference(next.clientId);
        snapshot = snapshot.filter((e) => e.clientId !== next.clientId);
        const told: DifferenceOutcome =
          outcome.kind === 'synced'
            ? { kind: 'synced', entry: next, result: outcome.result }
            : { kind: 'refused', entry: next, error: outcome.error };
        for (const l of [...outcomeListeners]) l(told);
        notify();
        tellOtherTabs();
        failures = 0;
        continue;
      }
      await countAttempt(next.clientId);
      if (outcome.kind === 'unauthorized') {
        // Nothing can go until the user logs in again; a new token wakes us (see startDifferenceSync).
        pausedJwt = jwt;
        stalled = true;
        break;
      }
      if (outcome.unreachable) reportUnreachable();
      failures += 1;
      scheduleRetry(backoffDelay(failures, outcome.retryAfterMs));
      stalled = true;
      break;
    }
  } catch (e) {
    // IndexedDB itself failed: try again later, never spin.
    console.error('Sending cargo counts failed', e);
    failures += 1;
    scheduleRetry(backoffDelay(failures));
    stalled = true;
  } finally {
    sending = false;
    notify();
  }
  if (sendAgain && !stalled) await flushDifferences();
}

function scheduleRetry(ms: number): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void flushDifferences();
  }, ms);
}

let started: { stop: () => void; users: number } | null = null;

/**
 * Sends waiting changes whenever there is a chance: now, when the connection comes back, and on a
 * new login. Shared by whoever calls it; the last returned stop ends it.
 */
export function startDifferenceSync(): () => void {
  if (started) started.users += 1;
  else {
    const wake = () => {
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      retryTimer = undefined;
      failures = 0;
      void flushDifferences();
    };
    const offs = [
      onlineManager.subscribe((online) => {
        if (online) wake();
      }),
      useSession.subscribe((s, prev) => {
        if (s.jwt !== prev.jwt) {
          pausedJwt = null;
          wake();
        }
      }),
    ];
    window.addEventListener('online', wake);
    void refresh().then(() => flushDifferences());
    started = {
      users: 1,
      stop: () => {
        for (const off of offs) off();
        window.removeEventListener('online', wake);
        if (retryTimer !== undefined) clearTimeout(retryTimer);
        retryTimer = undefined;
      },
    };
  }
  let stopped = false;
  return () => {
    if (stopped || !started) return;
    stopped = true;
    started.users -= 1;
    if (started.users === 0) {
      started.stop();
      started = null;
    }
  };
}

/** Tests only: forgets this tab's state. */
export function resetDifferenceQueueForTests(): void {
  started?.stop();
  started = null;
  snapshot = [];
  loaded = false;
  sending = false;
  failures = 0;
  pausedJwt = null;
  listeners.clear();
  outcomeListeners.clear();
  channel?.close();
  channel = undefined;
}
