import { useSyncExternalStore } from 'react';
import type * as Flow from './update-flow.ts';

/** How often a page left open all day (the counter) asks the server for a new version. */
const CHECK_EVERY_MS = 30 * 60 * 1000;

// What to do about a new version (update-flow.ts) loads only once there is one: most page loads
// never need it, and the first screens' download stays small.
let flow: Promise<typeof Flow> | null = null;
let found = false;
const listeners = new Set<() => void>();
let shownPath: string | null = null;

function newVersion(version: Flow.NewVersion): void {
  flow ??= import('./update-flow.ts');
  void flow.then((f) => f.follow(version));
  if (found) return;
  found = true;
  listeners.forEach((l) => l());
}

/**
 * The screen on show is `pathname`. Moving to another one is a quiet moment to apply a waiting
 * version; the first screen, or a banner mounted again on the same one, is not.
 */
export function noteScreen(pathname: string): void {
  const moved = shownPath !== null && shownPath !== pathname;
  shownPath = pathname;
  if (moved) void flow?.then((f) => f.noteQuietMoment('navigation'));
}

function watch(registration: ServiceWorkerRegistration): void {
  const noteWaiting = () => {
    // The very first install has nothing to replace: it is not an update.
    if (registration.waiting && navigator.serviceWorker.controller) newVersion({ registration, takenOver: false });
  };
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') noteWaiting();
    });
  noteWaiting();
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));

  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, CHECK_EVERY_MS);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
    else void flow?.then((f) => f.noteQuietMoment('hidden'));
  });

  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install claiming this page (clientsClaim) is not a new version.
    if (controlled) newVersion({ registration, takenOver: true });
    controlled = true;
  });
}

/**
 * Registers the service worker after the page has loaded (original.md: the outcome is only
 * logged) and watches for new versions, which update-flow.ts announces and applies when no sale
 * is in progress. The plain ServiceWorker API rather than workbox-window: the same few steps,
 * with nothing more for the first screens to download.
 */
export function startServiceWorker(): void {
  // Which build this page runs (VITE_BUILD_ID at build time, e.g. a commit), for support and tests.
  const build = import.meta.env.VITE_BUILD_ID as string | undefined;
  if (build) document.documentElement.dataset.build = build;
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/service-worker.js')
      .then((registration) => {
        console.info('Service worker registered', registration.scope);
        watch(registration);
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
const getFound = () => found;

/** True once a new version has been found (the banner then loads its notice). */
export function useNewVersionFound(): boolean {
  return useSyncExternalStore(subscribe, getFound, getFound);
}
