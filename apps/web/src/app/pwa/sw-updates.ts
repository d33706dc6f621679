import { useSyncExternalStore } from 'react';
import { decideUpdate, type PendingUpdate, type UpdateTrigger } from './update-decision.ts';
import { flushBeforeUpdate, onHoldsChange, updateHolds } from '../../lib/update-guard.ts';

/** How often a page left open all day (the counter) asks the server for a new version. */
const CHECK_EVERY_MS = 30 * 60 * 1000;
/** When the worker told to take over never does (it was replaced meanwhile): reload anyway. */
const TAKEOVER_TIMEOUT_MS = 5_000;

export interface UpdateState {
  /** `ready`: a new version waits and is announced; `applying`: the page is about to reload. */
  status: 'idle' | 'ready' | 'applying';
  /** Something (a cart, a payment) holds the update back, so it will not apply by itself now. */
  held: boolean;
}

let state: UpdateState = { status: 'idle', held: false };
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

async function reloadIntoNewVersion(): Promise<void> {
  if (reloading) return;
  reloading = true;
  // A change made while the new worker took over (a scan) is written before the page goes.
  await flushBeforeUpdate();
  window.location.reload();
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
  // 'controllerchange' it causes reloads the page.
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(() => void reloadIntoNewVersion(), TAKEOVER_TIMEOUT_MS);
}

/** The user moved to another screen: a quiet moment to apply a waiting version. */
export function noteNavigation(): void {
  consider('navigation');
}

function watchRegistration(registration: ServiceWorkerRegistration): void {
  const noteWaiting = () => {
    // The very first install has nothing to replace: it is not an update.
    if (!registration.waiting || !navigator.serviceWorker.controller) return;
    waiting = registration.waiting;
    if (pending === 'none') pending = 'waiting';
    consider('found');
  };
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') noteWaiting();
    });
  noteWaiting();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));

  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, CHECK_EVERY_MS);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
    else consider('hidden');
  });
}

/**
 * Registers the service worker after the page has loaded (original.md: the outcome is only
 * logged) and follows new versions: found, announced, applied at a safe moment (update-decision.ts).
 * The plain ServiceWorker API instead of workbox-window: the same few steps, with nothing more
 * for the first screens to download.
 */
export function startUpdates(): void {
  // Which build this page runs (VITE_BUILD_ID at build time, e.g. a commit), for support and tests.
  const build = import.meta.env.VITE_BUILD_ID as string | undefined;
  if (build) document.documentElement.dataset.build = build;
  if (!('serviceWorker' in navigator)) return;

  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install claiming this page (clientsClaim) is not a new version.
    if (!controlled) {
      controlled = true;
      return;
    }
    if (state.status === 'applying') return void reloadIntoNewVersion();
    // Another tab applied a new version under this one.
    pending = 'taken-over';
    consider('found');
  });

  let wasHeld = false;
  onHoldsChange(() => {
    const held = updateHolds().length > 0;
    if (held === wasHeld) return;
    wasHeld = held;
    setState({ held });
    if (!held) consider('released');
  });

  const register = () =>
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        console.info('Service worker registered', registration.scope);
        watchRegistration(registration);
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  // main.tsx awaits the texts first, so the page may have finished loading already.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
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
