/**
 * Whether this device shows a customer display for a store, and the displays it paired: kept in
 * localStorage per store, so the counter's first load reads one key and loads no display code
 * unless a display was switched on here (issue 45; the counter's budget, product.md §9).
 */
const onKey = (store: string) => `shopdesk.display.on:${store}`;
const pairsKey = (store: string) => `shopdesk.display.pairs:${store}`;
/** Fired on window when the flag changes on this page (the storage event tells other tabs). */
export const DISPLAY_FLAG_EVENT = 'shopdesk-display-flag';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function displayOn(store: string): boolean {
  return read(onKey(store)) === '1';
}

export function setDisplayOn(store: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(onKey(store), '1');
    else localStorage.removeItem(onKey(store));
  } catch {
    // Storage refused (private mode): the display lasts this page only.
  }
  window.dispatchEvent(new Event(DISPLAY_FLAG_EVENT));
}

/** The ids of the displays this device paired for `store` (it sends them its states). */
export function pairedIds(store: string): string[] {
  try {
    const ids: unknown = JSON.parse(read(pairsKey(store)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, 20) : [];
  } catch {
    return [];
  }
}

export function setPairedIds(store: string, ids: readonly string[]): void {
  try {
    if (ids.length) localStorage.setItem(pairsKey(store), JSON.stringify([...new Set(ids)].slice(0, 20)));
    else localStorage.removeItem(pairsKey(store));
  } catch {
    // As above.
  }
}
