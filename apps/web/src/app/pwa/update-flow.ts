import { useSyncExternalStore } from 'react';
import { flushBeforeUpdate, onHoldsChange, updateHolds } from '../../lib/update-guard.ts';
import { decideUpdate, type PendingUpdate, type UpdateTrigger } from './update-decision.ts';
import type { NewVersion } from './sw-register.ts';

/** When the worker told to take over never does (it was replaced meanwhile): reload anyway. */
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

async function reloadIntoNewVersion(): Promise<void> {
  if (reloading) return;
  reloading = true;
  // A change made while the new worker took over (a scan) is written before the page goes.
  await flushBeforeUpdate();
  location.reload();
}

/** sw-register.ts found a new version (or another tab let it take over). */
export function follow({ registration, takenOver }: NewVersion): void {
  if (takenOver) {
    // The worker this page told to take over did: the page reloads under it.
    if (state.status === 'applying') return void reloadIntoNewVersion();
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
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(() => void reloadIntoNewVersion(), TAKEOVER_TIMEOUT_MS);
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
