import { DISPLAY_FLAG_EVENT, displayOnKey } from './display-flag.ts';

/** The display's settings on this device, written only by its lazily loaded parts (display-flag.ts reads the flag). */
const pairsKey = (store: string) => `shopdesk.display.pairs:${store}`;

export function setDisplayOn(store: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(displayOnKey(store), '1');
    else localStorage.removeItem(displayOnKey(store));
  } catch {
    // Storage refused (private mode): the display lasts this page only.
  }
  window.dispatchEvent(new Event(DISPLAY_FLAG_EVENT));
}

/** The ids of the displays this device paired for `store` (it sends them its states). */
export function pairedIds(store: string): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(pairsKey(store)) ?? '[]');
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
