// No zod here: the till's PIN pad and the counter import this, offline too.
import { hasPermission, type Permission, type StoreRights } from './staff.ts';

/**
 * The permissions that let a member approve another's action on a till (product.md §2, PINs):
 * their PIN unlocks more than their own sales, so it is longer.
 */
export const APPROVING_PERMISSIONS: readonly Permission[] = [
  'REFUND',
  'PRICE_OVERRIDE',
  'OPEN_PRICE',
  'VOID_PARKED',
  'NO_SALE',
  'CASH_MOVES',
];

/** Whether a member may approve: holds an approving permission, or may give a discount at all. */
export function mayApprove(rights: StoreRights): boolean {
  return rights.maxDiscount > 0 || APPROVING_PERMISSIONS.some((p) => hasPermission(rights, p));
}

/** The fewest digits a member's PIN may have: 6 for one who may approve, else 4 (at most 6). */
export function minPinLength(rights: StoreRights): number {
  return mayApprove(rights) ? 6 : 4;
}

/** The message of a PIN too short for the member's rights, in the API's words (the web translates it). */
export const PIN_NEEDS_SIX = 'A member who may approve needs a 6-digit PIN';
