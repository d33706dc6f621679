import { ErrorCode, hasPermission, isPermission, type Permission, type StoreRights } from '@shopdesk/shared';
import { AppError } from '../../core/errors.ts';

/** The permissions of a member row (a JSON array); anything unknown is dropped. */
export function parsePermissions(text: string): Permission[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isPermission) : [];
  } catch {
    return [];
  }
}

/** The first of `rights` beyond the caller's own: a permission they lack, or a larger discount. */
function beyondRights(
  caller: StoreRights,
  rights: { permissions: readonly Permission[]; maxDiscount: number },
): Permission | 'maxDiscount' | null {
  const beyond = rights.permissions.find((p) => !hasPermission(caller, p));
  if (beyond) return beyond;
  return rights.maxDiscount > caller.maxDiscount ? 'maxDiscount' : null;
}

/**
 * Whether a member's rights are within the caller's own (the owner's contain everyone's): what a
 * member with MEMBERS may touch of another member, their PIN included.
 */
export function isWithinRights(
  caller: StoreRights,
  rights: { permissions: readonly Permission[]; maxDiscount: number },
): boolean {
  return beyondRights(caller, rights) === null;
}

/**
 * Refuses (403) rights beyond the caller's own: a member who manages staff gives or takes only
 * what they hold themselves (the owner holds everything, so only members are ever refused), and
 * never a larger maximum discount than theirs. Revoking an invitation follows the same rule
 * (`act: 'revoke'`): a member may not withdraw an offer of rights they could not have made.
 */
export function assertWithinRights(
  caller: StoreRights,
  rights: { permissions: readonly Permission[]; maxDiscount: number },
  act: 'give' | 'revoke' = 'give',
) {
  const beyond = beyondRights(caller, rights);
  if (beyond && beyond !== 'maxDiscount') {
    const message =
      act === 'give'
        ? `You cannot give the ${beyond} permission: you do not have it yourself.`
        : `You cannot revoke this invitation: it gives the ${beyond} permission, which you do not have yourself.`;
    throw new AppError(403, ErrorCode.FORBIDDEN, message, [{ field: 'permissions', message }]);
  }
  if (beyond === 'maxDiscount') {
    const own = caller.maxDiscount / 100;
    const message =
      act === 'give'
        ? `You cannot give a maximum discount above your own (${own}%).`
        : `You cannot revoke this invitation: its maximum discount is above your own (${own}%).`;
    throw new AppError(403, ErrorCode.FORBIDDEN, message, [{ field: 'maxDiscount', message }]);
  }
}
