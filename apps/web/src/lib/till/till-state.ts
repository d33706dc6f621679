import { create } from 'zustand';
import {
  actionLacks,
  hasPermission,
  type ActionNeeds,
  type Permission,
  type TillMember,
  type TillRoster,
} from '@shopdesk/shared';

/** A member unlocked on the till: what the screens check and what the queued actions carry. */
export type TillUser = Omit<TillMember, 'pinHash'>;

interface TillState {
  /** The store this device is the till of (urlName), or null: not a till. */
  store: string | null;
  /** The roster as last read, kept for the offline unlock (names, rights and PIN hashes). */
  roster: TillRoster | null;
  /** The member selling now; null: the PIN pad shows. */
  member: TillUser | null;
  /** The member's PIN is shorter than their rights now need (6 digits to approve): the till asks for a new one. */
  newPinNeeded: boolean;
  open: (store: string, roster: TillRoster) => void;
  close: () => void;
  setRoster: (roster: TillRoster) => void;
  unlock: (member: TillUser, newPinNeeded?: boolean) => void;
  lock: () => void;
  /** The member on the till set a PIN long enough: the notice goes. */
  pinRenewed: () => void;
}

const KEY = 'shopdesk-till';

interface Kept {
  store: string | null;
  roster: TillRoster | null;
}

/**
 * The till is this device's, kept in localStorage (read synchronously at start, so a till that
 * reloads offline comes back locked on its PIN pad). The member is not kept: a reload locks.
 */
function readKept(): Kept {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    return value && typeof value === 'object' ? value : { store: null, roster: null };
  } catch {
    return { store: null, roster: null };
  }
}

function keep(kept: Kept) {
  try {
    if (kept.store) localStorage.setItem(KEY, JSON.stringify(kept));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the till still works until the page reloads.
  }
}

export const useTill = create<TillState>((set, get) => ({
  ...readKept(),
  member: null,
  newPinNeeded: false,
  open: (store, roster) => {
    keep({ store, roster });
    set({ store, roster, member: null, newPinNeeded: false });
  },
  close: () => {
    keep({ store: null, roster: null });
    set({ store: null, roster: null, member: null, newPinNeeded: false });
  },
  setRoster: (roster) => {
    keep({ store: get().store, roster });
    set({ roster });
  },
  unlock: (member, newPinNeeded = false) => set({ member, newPinNeeded }),
  lock: () => set({ member: null, newPinNeeded: false }),
  pinRenewed: () => set({ newPinNeeded: false }),
}));

/** Whether this device is the till of `store`. */
export function isTillOf(store: string): boolean {
  const till = useTill.getState().store;
  return !!till && till.toLowerCase() === store.toLowerCase();
}

/**
 * What a sale or refund made now carries (product.md §2): the member unlocked on the till of
 * `store` and, when given, the approver. Nothing on a device that is not that store's till.
 */
export function tillActors(store: string, approvedBy?: string): { userId?: string; approvedBy?: string } {
  const member = useTill.getState().member;
  if (!isTillOf(store) || !member) return {};
  return { userId: member.userId, ...(approvedBy ? { approvedBy } : {}) };
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
