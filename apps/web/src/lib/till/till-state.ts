import { create } from 'zustand';
import {
  actionLacks,
  hasPermission,
  type ActionNeeds,
  type Permission,
  type TillMember,
  type TillRoster,
} from '@shopdesk/shared';

/** A member unlocked on the till: what the screens check (never their PIN's verifier). */
export type TillUser = Omit<TillMember, 'pinVerifier'>;

/** What `POST /till/device` made of this device (product.md §2, till mode): its own credential. */
export interface TillDeviceInfo {
  /** The store this device is the till of (urlName), sent as X-Store with every request. */
  store: string;
  tillId: string;
  tillName: string;
  tillToken: string;
}

interface TillState {
  /** The store this device is (or was, when `revoked`) the till of; null: not a till. */
  store: string | null;
  tillId: string | null;
  tillName: string | null;
  /** The till's credential (Authorization: Bearer); null once the owner turned the till off. */
  tillToken: string | null;
  /** The owner or a manager turned this till off (401 TILL_REVOKED): the app says so, nothing else. */
  revoked: boolean;
  /** The roster as last read, kept for the offline unlock (names, rights and PIN verifiers). */
  roster: TillRoster | null;
  /** The member selling now; null: the PIN pad shows. In memory only: a reload locks. */
  member: TillUser | null;
  /** What the till sends as X-Till-Member while `member` is unlocked. In memory only. */
  memberToken: string | null;
  /** The member's PIN is shorter than their rights now need (6 digits to approve): the till asks for a new one. */
  newPinNeeded: boolean;
  become: (device: TillDeviceInfo) => void;
  setRoster: (roster: TillRoster) => void;
  unlock: (member: TillUser, memberToken: string, newPinNeeded?: boolean) => void;
  lock: () => void;
  /** The member on the till set a PIN long enough: the notice goes. */
  pinRenewed: () => void;
  /** The server answered TILL_REVOKED: the token is dropped, the "turned off" screen shows. */
  revoke: () => void;
  /** This device is no longer a till (left with a SETTINGS approval, or after being turned off). */
  forget: () => void;
}

export const TILL_STORAGE_KEY = 'shopdesk-till';

type Kept = Pick<TillState, 'store' | 'tillId' | 'tillName' | 'tillToken' | 'revoked' | 'roster'>;

const NOT_A_TILL: Kept = { store: null, tillId: null, tillName: null, tillToken: null, revoked: false, roster: null };

/**
 * The till is this device's, kept in localStorage (read synchronously at start, so a till that
 * reloads offline comes back locked on its PIN pad). The member and their token are not kept: a
 * reload, a crash or a new tab locks.
 */
function readKept(): Kept {
  try {
    const value = JSON.parse(localStorage.getItem(TILL_STORAGE_KEY) ?? 'null') as Partial<Kept> | null;
    if (!value || typeof value !== 'object' || typeof value.store !== 'string' || typeof value.tillId !== 'string')
      return NOT_A_TILL;
    return {
      store: value.store,
      tillId: value.tillId,
      tillName: typeof value.tillName === 'string' ? value.tillName : '',
      tillToken: typeof value.tillToken === 'string' ? value.tillToken : null,
      revoked: value.revoked === true || typeof value.tillToken !== 'string',
      roster: value.roster ?? null,
    };
  } catch {
    return NOT_A_TILL;
  }
}

function keep(kept: Kept) {
  try {
    if (kept.store) localStorage.setItem(TILL_STORAGE_KEY, JSON.stringify(kept));
    else localStorage.removeItem(TILL_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the till still works until the page reloads.
  }
}

const LOCKED = { member: null, memberToken: null, newPinNeeded: false };

export const useTill = create<TillState>((set, get) => {
  const keepNow = () => {
    const { store, tillId, tillName, tillToken, revoked, roster } = get();
    keep({ store, tillId, tillName, tillToken, revoked, roster });
  };
  return {
    ...readKept(),
    ...LOCKED,
    become: (device) => {
      set({ ...device, revoked: false, roster: null, ...LOCKED });
      keepNow();
    },
    setRoster: (roster) => {
      set({ roster });
      keepNow();
    },
    unlock: (member, memberToken, newPinNeeded = false) => set({ member, memberToken, newPinNeeded }),
    lock: () => set(LOCKED),
    pinRenewed: () => set({ newPinNeeded: false }),
    revoke: () => {
      // The roster's verifiers go with the token: nothing to unlock any more.
      set({ tillToken: null, revoked: true, roster: null, ...LOCKED });
      keepNow();
    },
    forget: () => {
      set({ ...NOT_A_TILL, ...LOCKED });
      keepNow();
    },
  };
});

/** Whether this device works as a till now (it has a till token that was not revoked). */
export function isTill(s: Pick<TillState, 'tillToken' | 'store'> = useTill.getState()): boolean {
  return !!s.store && !!s.tillToken;
}

/** Whether this device is the working till of `store`. */
export function isTillOf(store: string): boolean {
  const s = useTill.getState();
  return isTill(s) && s.store!.toLowerCase() === store.toLowerCase();
}

/** Whether the member on the till of `store` may do this; true off a till (the session's rights decide). */
export function tillMemberMay(store: string, permission: Permission): boolean {
  const member = useTill.getState().member;
  if (!isTillOf(store) || !member) return true;
  return hasPermission(member, permission);
}

/**
 * What the member on the till of `store` lacks for an action (the server's own rule, so the till
 * asks for an approval exactly when the server would refuse without one); nothing off a till.
 */
export function tillMemberLacks(store: string, needs: ActionNeeds): Permission[] {
  const member = useTill.getState().member;
  if (!isTillOf(store) || !member) return [];
  return actionLacks(member, needs);
}
