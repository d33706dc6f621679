import {
  APPROVING_PERMISSIONS,
  hasPermission,
  OWNER_RIGHTS,
  type Permission,
  type StoreRights,
  type TillRoster,
} from '@shopdesk/shared';
import type { TillUser } from './till-state.ts';

/** What a member who lacks it may still do on a till with another member's PIN (product.md §2). */
const APPROVABLE: readonly Permission[] = [...APPROVING_PERMISSIONS, 'DISCOUNT', 'SHIFTS'];

/**
 * What a till's screens offer (the rights `useStoreRights` answers on a till): what the member
 * unlocked there may do, and what another member on the roster may approve for them, so a refund
 * or a void shows and then asks for the approver's PIN (tillMemberLacks decides, per action),
 * rather than saying "you need the Refund permission" to a cashier whose manager stands beside them.
 * The discount fields allow the largest discount anyone there may give or approve. Locked, only
 * what can be approved shows (the PIN pad covers the counter anyway).
 */
export function tillScreenRights(member: TillUser | null, roster: TillRoster | null): StoreRights {
  if (member?.role === 'OWNER') return OWNER_RIGHTS;
  const approvers = (roster?.members ?? []).filter((m) => m.pinVerifier && m.userId !== member?.userId);
  const approvable = APPROVABLE.filter((p) => approvers.some((m) => hasPermission(m, p)));
  const discounts = approvers
    .filter((m) => hasPermission(m, 'DISCOUNT'))
    .map((m) => (m.role === 'OWNER' ? 10_000 : m.maxDiscount));
  return {
    role: member?.role ?? 'CASHIER',
    permissions: [...new Set([...(member?.permissions ?? []), ...approvable])],
    maxDiscount: Math.max(member?.maxDiscount ?? 0, ...discounts),
  };
}
