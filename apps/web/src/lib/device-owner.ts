import { useSession } from './session-store.ts';
import { useTill } from './till/till-state.ts';

/**
 * Whose things this device keeps (the counter's cart, its product copies, the offline cache, the
 * sale queue): the logged-in person's user id, or on a till the till's own `till-{id}` (product.md
 * §2: a till is a credential of its own, never a person's session). A till's things stay the till's
 * whichever member is unlocked; each queued sale names its member itself.
 */
export function deviceOwnerOf(userId: string | null | undefined, tillId: string | null | undefined): string | null {
  if (tillId) return `till-${tillId}`;
  return userId || null;
}

export function deviceOwner(): string | null {
  return deviceOwnerOf(useSession.getState().loggedUser?.userId, useTill.getState().tillId);
}

export function useDeviceOwner(): string | null {
  const userId = useSession((s) => s.loggedUser?.userId);
  const tillId = useTill((s) => s.tillId);
  return deviceOwnerOf(userId, tillId);
}

/** Calls `listener` with the device's owner whenever it changes (a login, a logout, a till made or left). */
export function subscribeDeviceOwner(listener: (owner: string | null) => void): () => void {
  let current = deviceOwner();
  const check = () => {
    const next = deviceOwner();
    if (next === current) return;
    current = next;
    listener(next);
  };
  const offSession = useSession.subscribe(check);
  const offTill = useTill.subscribe(check);
  return () => {
    offSession();
    offTill();
  };
}

/**
 * The credential this device sends now: the till's token or the person's session token; null when
 * neither (nothing can be sent). A background sender paused by a 401 waits for it to change.
 */
export function deviceCredential(): string | null {
  const till = useTill.getState();
  if (till.store && till.tillToken) return till.tillToken;
  return useSession.getState().jwt;
}
