import { useEffect, useSyncExternalStore } from 'react';
import type { DisplayFeed } from './display-feed.ts';
import { DISPLAY_FLAG_EVENT, displayOn } from './display-flag.ts';

const subscribe = (changed: () => void) => {
  window.addEventListener(DISPLAY_FLAG_EVENT, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(DISPLAY_FLAG_EVENT, changed);
    window.removeEventListener('storage', changed);
  };
};

/** Whether a customer display is switched on for `store` on this device. */
export function useDisplayOn(store: string): boolean {
  return useSyncExternalStore(subscribe, () => displayOn(store));
}

/**
 * Feeds the customer display, and does nothing else unless one is switched on for this store on
 * this device: only then is the display code (display-live.ts) imported, after the page is drawn,
 * so the counter's first load carries none of it (product.md §9). The live module sends a state
 * only when what it shows changed, so feeding it on every render is cheap.
 */
export function useCustomerDisplay(store: string, feed: DisplayFeed): void {
  const on = useDisplayOn(store);
  useEffect(() => {
    if (on) void import('./display-live.ts').then((m) => m.showOnDisplay(store, feed));
  });
}
