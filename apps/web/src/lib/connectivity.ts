import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { NetworkError } from './api-error.ts';
import { apiUrl } from './api-base.ts';
import { requestsMayGo } from './update-guard.ts';

/**
 * Whether the server can be reached, as one state for the whole app: TanStack Query's
 * onlineManager. It goes offline when the browser says so (navigator.onLine and its events) and
 * also when a call fails without an answer (a weak connection the browser still calls "online");
 * then a small health probe brings it back. While offline, queries pause and keep showing what
 * they (or the persisted cache) hold instead of failing, and writes are refused (see query-client.ts).
 */
const PROBE_URL = '/api/public/health';
const PROBE_EVERY_MS = 5_000;

let probeTimer: ReturnType<typeof setTimeout> | undefined;
let setOnlineState: ((online: boolean) => void) | undefined;

async function probe(): Promise<void> {
  probeTimer = undefined;
  if (!navigator.onLine) return; // the 'online' event restarts things
  await requestsMayGo();
  try {
    const res = await fetch(apiUrl(PROBE_URL), { cache: 'no-store', credentials: 'omit' });
    if (res.ok) {
      setOnlineState?.(true);
      return;
    }
  } catch {
    // still unreachable
  }
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer === undefined) probeTimer = setTimeout(() => void probe(), PROBE_EVERY_MS);
}

/** Wires the onlineManager to the browser's state once at start (main.tsx via Providers). */
export function installConnectivity(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnlineState = setOnline;
    const online = () => {
      // The network is back; whether the server answers is the next call's business.
      if (probeTimer !== undefined) clearTimeout(probeTimer);
      probeTimer = undefined;
      setOnline(true);
    };
    const offline = () => setOnline(false);
    setOnline(navigator.onLine);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

/** A call got no answer: show the app as offline until the server answers a probe again. */
export function reportUnreachable(): void {
  if (!onlineManager.isOnline()) {
    if (navigator.onLine) scheduleProbe();
    return;
  }
  onlineManager.setOnline(false);
  scheduleProbe();
}

/** True when `error` means the server was not reached (so retrying later may work). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError;
}

/** A write refused before it was sent, because the app is offline. Shown like a network error. */
export class OfflineError extends NetworkError {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const getOnline = () => onlineManager.isOnline();

/** True while the server is reachable; false offline. Screens disable their writes with it. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getOnline, () => true);
}
