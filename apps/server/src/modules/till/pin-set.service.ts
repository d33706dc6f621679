import { ErrorCode, hasPermission, minPinLength, PIN_NEEDS_SIX, type StoreRights } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { iso } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import type { Throttle } from '../../lib/rate-limit.ts';
import { forbidden, rightsOf, type Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { isWithinRights } from '../members/index.ts';
import * as repo from './till.repo.ts';
import { hashTillPin } from './pin-hash.ts';
import { PIN_THROTTLE, pinMemberKey } from './pin-throttle.ts';

const notAMember = () => fieldError(ErrorCode.NOT_FOUND, 'userId', 'This person is not a member of this store.', 404);

const onlyOwnOnTill = () =>
  new AppError(403, ErrorCode.FORBIDDEN, 'On a till, a member sets only their own PIN.', [
    { field: 'permission', message: 'MEMBERS' },
  ]);

const beyondRights = () =>
  new AppError(
    403,
    ErrorCode.FORBIDDEN,
    'You cannot reset the PIN of a member with rights beyond your own. Ask the store’s owner.',
    [{ field: 'permission', message: 'MEMBERS' }],
  );

/**
 * Sets a member's till PIN (product.md §2, PINs). A member sets their own; a member with MEMBERS
 * resets another's only when that member's rights are within their own, and the owner's PIN only
 * the owner sets. On a till (a till token, whose member token says who is unlocked) the member sets
 * their own PIN and nobody else's: "My PIN" on a shared device is never another's. PINs need not be
 * unique (a member is picked by name first), so no answer tells anything about another's PIN. A
 * member who may approve needs 6 digits. Recorded in the audit log (never the PIN), and it clears
 * the member's wrong-PIN count, so an owner setting a PIN again lets a slowed-down member back in.
 */
export async function setPin(
  ctx: AppContext,
  throttle: Throttle,
  scope: Scope,
  userId: string,
  body: { pin: string },
): Promise<void> {
  if (scope.deviceId && userId !== scope.userId) throw onlyOwnOnTill();
  const rows = await repo.listMembers(ctx.db, scope.store.id);
  const target = rows.find((r) => r.user_id === userId);
  const setter: { userId: string; rights: StoreRights } = { userId: scope.userId, rights: scope.rights };
  if (!target) throw notAMember();
  const targetRights = rightsOf(target);
  if (userId !== setter.userId) {
    if (!hasPermission(setter.rights, 'MEMBERS')) throw forbidden('MEMBERS');
    if (targetRights.role === 'OWNER' && setter.rights.role !== 'OWNER') throw forbidden('OWNER');
    if (!isWithinRights(setter.rights, targetRights)) throw beyondRights();
  }
  if (body.pin.length < minPinLength(targetRights)) {
    throw fieldError(ErrorCode.VALIDATION_ERROR, 'pin', `${PIN_NEEDS_SIX}.`);
  }
  const hash = await hashTillPin(body.pin);
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPinHash(trx, scope.store.id, userId, hash, iso(at));
    await recordAudit(
      trx,
      { userId: setter.userId, store: scope.store, deviceId: scope.deviceId },
      { action: 'MEMBER_PIN', entity: 'MEMBER', entityCode: userId, summary: target.name, at },
    );
  });
  await throttle.clear(PIN_THROTTLE, 'member', pinMemberKey(scope.store.id, userId));
}
