import { useSession } from '../session-store.ts';
import { createTill, fetchRoster } from './till-api.ts';
import { useTill } from './till-state.ts';

/**
 * Turns this device into a till of `store` (product.md §2): the server issues the till's own token
 * and ends the session that asked, so the device keeps the till and drops the person's session
 * here without calling /logout (it is revoked already). Then the roster is read with the till's
 * token, and the counter shows its PIN pad, locked. The caller clears the person's cached data.
 */
export async function becomeTill(store: string, name: string): Promise<void> {
  const created = await createTill(store, name);
  useTill.getState().become({ store, tillId: created.id, tillName: created.name, tillToken: created.tillToken });
  // The store's currencies and rate stay: a locked till reads no store (its routes need a member).
  const { virtualStore, exchangeRate } = useSession.getState();
  useSession.getState().clearSession();
  if (virtualStore) useSession.getState().setVirtualStore(virtualStore);
  useSession.getState().setExchangeRate(exchangeRate);
  try {
    useTill.getState().setRoster(await fetchRoster());
  } catch (e) {
    // The store shell reads it again every minute: the PIN pad waits for it meanwhile.
    console.warn('Could not read the till roster yet', e);
  }
}

/** The name a new till is offered: "Till 1", or the next number after the store's tills, never one taken. */
export function nextTillName(names: readonly string[], word: (n: number) => string): string {
  let n = names.length + 1;
  while (names.includes(word(n))) n += 1;
  return word(n);
}

/**
 * This device stops being a till (left with a SETTINGS PIN, or turned off by the owner): the till
 * and what the session kept of its store go (the device's language and printers stay); the login
 * page is next. The caller clears the cached data.
 */
export function forgetTill(): void {
  useTill.getState().forget();
  useSession.getState().clearSession();
}
