import { useSyncExternalStore } from 'react';
import { flushBeforeUpdate, onHoldsChange, pauseRequestsForTakeover, updateHolds } from '../../lib/update-guard.ts';
import { decideUpdate, type PendingUpdate, type UpdateTrigger } from './update-decision.ts';

/**
 * A new version of the app: a new worker installed and waiting (`registration.waiting`), or, with
 * `takenOver`, one that another tab let take over while this page runs the old code.
 */
export interface NewVersion {
  registration: ServiceWorkerRegistration;
  takenOver: boolean;
}

/** How long the worker told to take over has before the page stops waiting for it. */
const TAKEOVER_TIMEOUT_MS = 5_000;

export interface UpdateState {
  /** `ready`: a new version waits and is announced; `applying`: the page is about to reload. */
  status: 'idle' | 'ready' | 'applying';
  /** Something (a cart, a payment) holds the update back, so it will not apply by itself now. */
  held: boolean;
}

let state: UpdateState = { status: 'idle', held: updateHolds().length > 0 };
const listeners = new Set<() => void>();
let pending: PendingUpdate = 'none';
let waiting: ServiceWorker | null = null;
let reloading = false;
/** This page told the waiting worker to take over (it may do so late: takeoverOverdue). */
let askedTakeover = false;

function setState(next: Partial<UpdateState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function consider(trigger: UpdateTrigger): void {
  if (state.status === 'applying') return;
  const decision = decideUpdate(pending, state.held, trigger);
  if (decision === 'apply') void applyUpdate();
  else if (decision === 'announce') setState({ status: 'ready' });
}

onHoldsChange(() => {
  const held = updateHolds().length > 0;
  if (held === state.held) return;
  setState({ held });
  if (!held) consider('released');
});

/**
 * Resolves once the worker that took this page over has finished activating. A reload sent while
 * it still activates waits for it, and in Chromium, offline, that navigation sometimes never
 * finished (seen in e2e/specs/pwa-update.spec.ts after a late takeover); sent once it is active,
 * the page loads from its cache.
 */
function takeoverDone(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker || worker.state !== 'activating') return Promise.resolve();
  return new Promise((resolve) => {
    const settled = () => {
      if (worker.state === 'activating') return;
      worker.removeEventListener('statechange', settled);
      resolve();
    };
    worker.addEventListener('statechange', settled);
  });
}

async function reloadIntoNewVersion(): Promise<void> {
  if (reloading) return;
  reloading = true;
  // A change made while the new worker took over (a scan) is written before the page goes.
  await flushBeforeUpdate();
  await takeoverDone();
  location.reload();
}

/** sw-register.ts found a new version (or another tab let it take over). */
export function follow({ registration, takenOver }: NewVersion): void {
  if (takenOver) {
    // The worker this page told to take over did: the page reloads under it, also when it took
    // its time, unless a new sale started meanwhile (then it applies once that sale is done).
    if (state.status === 'applying' || (askedTakeover && !state.held)) return void reloadIntoNewVersion();
    pending = 'taken-over';
  } else {
    waiting = registration.waiting;
    if (pending === 'none') pending = 'waiting';
  }
  consider('found');
}

/** A moment when a reload would not be in anyone's way: another screen, or the app in the background. */
export function noteQuietMoment(trigger: 'navigation' | 'hidden'): void {
  consider(trigger);
}

/**
 * Applies the new version: pending writes first, then the waiting worker takes over and the page
 * reloads under it. The cart and the sale queue live in IndexedDB, so they are there after it.
 */
export async function applyUpdate(): Promise<void> {
  if (state.status === 'applying' || pending === 'none') return;
  setState({ status: 'applying' });
  await flushBeforeUpdate();
  if (pending === 'taken-over' || !waiting) return reloadIntoNewVersion();
  // The new worker only activates on this message (registerType 'prompt' in vite.config.ts); the
  // 'controllerchange' it causes reloads the page (follow).
  const worker = waiting;
  askedTakeover = true;
  // The old worker must stop before the new one activates; a request of this page would restart it.
  const resumeRequests = pauseRequestsForTakeover();
  worker.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(() => takeoverOverdue(worker, resumeRequests), TAKEOVER_TIMEOUT_MS);
}

/**
 * The worker told to take over has not. A reload now would wait for it, and in Chromium that
 * navigation never finished while the worker waited (offline, and behind a connection that answers
 * nothing; the network being "up" as the browser sees it did not help), leaving the cashier
 * without a counter. So the page stays on this version, its requests go again, and the update is
 * announced again; when the worker does take over, its 'controllerchange' reloads the page under
 * it (follow). Replaced meanwhile by a newer worker (redundant), nothing waits on it: a reload is
 * safe and finds the newest version.
 */
function takeoverOverdue(worker: ServiceWorker, resumeRequests: () => void): void {
  if (reloading || state.status !== 'applying') return;
  if (worker.state === 'redundant') return void reloadIntoNewVersion();
  resumeRequests();
  setState({ status: 'ready' });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

/** The update's state for the banner. */
export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
