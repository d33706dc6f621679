/**
 * Whether this device shows a customer display for a store: a localStorage flag per store, so the
 * counter's first load reads one key and loads no display code unless a display was switched on
 * here (issue 45; the counter's budget, product.md §9). display-settings.ts writes it.
 */
export const displayOnKey = (store: string) => `shopdesk.display.on:${store}`;
/** Fired on window when the flag changes on this page (the storage event tells other tabs). */
export const DISPLAY_FLAG_EVENT = 'shopdesk-display-flag';

export function displayOn(store: string): boolean {
  try {
    return localStorage.getItem(displayOnKey(store)) === '1';
  } catch {
    return false;
  }
}
