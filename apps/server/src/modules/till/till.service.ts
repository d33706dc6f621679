import {
  ErrorCode,
  hashPin,
  hasPermission,
  verifyPin,
  type TillMember,
  type TillRoster,
  type TillSettings,
  type TillUnlockBody,
  type TillUnlockResult,
} from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/index.ts';
import { fieldError } from '../../core/errors.ts';
import type { DelayRule, Throttle } from '../../lib/rate-limit.ts';
import { forbidden, rightsOf, type Scope } from '../access/index.ts';
import * as repo from './till.repo.ts';

/**
 * PIN tries (product.md §2): growing delays per device (the till's session) and per member. Five
 * tries run at once, then each waits 1 s, 2 s, 4 s … at most 5 minutes after the one before; a
 * right PIN starts the key over, and the count is forgotten an hour after its last delay. Never a
 * lock-out: the owner's own PIN is not held back by the device's count, and the owner (or a member
 * with MEMBERS) setting a member's PIN again clears that member's count.
 */
export const PIN_DELAY: DelayRule = { freeFailures: 5, maxDelayMs: 5 * 60_000, memoryMs: 60 * 60_000 };

const memberKey = (storeId: string, userId: string) => `${storeId}\n${userId}`;

function toTillMember(row: repo.MemberRow): TillMember {
  const rights = rightsOf(row);
  return {
    userId: row.user_id,
    name: row.name,
    role: rights.role,
    permissions: [...rights.permissions],
    maxDiscount: rights.maxDiscount,
    pinHash: row.pin_hash,
  };
}

/** The till's roster: every member with name, rights and PIN hash, and the store's lock settings. */
export async function roster(ctx: AppContext, scope: Scope): Promise<TillRoster> {
  const rows = await repo.listMembers(ctx.db, scope.store.id);
  return {
    lockAfterSale: Number(scope.store.lock_after_sale ?? 1) === 1,
    idleLockMinutes: Number(scope.store.idle_lock_minutes ?? 5),
    members: rows.map(toTillMember),
  };
}

/** The till's lock settings, recorded in the audit log with the change ("1 5": lock after a sale, idle minutes). */
export async function updateSettings(ctx: AppContext, scope: Scope, body: TillSettings): Promise<TillRoster> {
  const patch = { lock_after_sale: body.lockAfterSale ? 1 : 0, idle_lock_minutes: body.idleLockMinutes };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateTillSettings(trx, scope.store.id, patch);
    await recordAudit(trx, scope, {
      action: 'TILL_SETTINGS',
      entity: 'STORE',
      entityCode: scope.store.url_name,
      summary: `${patch.lock_after_sale} ${patch.idle_lock_minutes}`,
      at: ctx.clock.now(),
    });
  });
  return roster(ctx, { ...scope, store: { ...scope.store, ...patch } });
}

/**
 * Sets a member's PIN: the member themself, or a member with MEMBERS (the owner's PIN only by the
 * owner). Unique in the store, checked against the other members' hashes (a store has few members).
 * Setting it clears the member's throttle, so a member slowed down by wrong tries is let in again.
 */
export async function setPin(
  ctx: AppContext,
  throttle: Throttle,
  scope: Scope,
  userId: string,
  pin: string,
): Promise<void> {
  const rows = await repo.listMembers(ctx.db, scope.store.id);
  const target = rows.find((r) => r.user_id === userId);
  if (!target) throw fieldError(ErrorCode.NOT_FOUND, 'userId', 'This person is not a member of this store.', 404);
  if (userId !== scope.userId) {
    if (!hasPermission(scope.rights, 'MEMBERS')) throw forbidden('MEMBERS');
    if (target.member_role === 'OWNER' && scope.rights.role !== 'OWNER') throw forbidden('OWNER');
  }
  const others = rows.filter((r) => r.user_id !== userId && r.pin_hash);
  const taken = await Promise.all(others.map((r) => verifyPin(pin, r.pin_hash)));
  if (taken.some(Boolean)) {
    throw fieldError(ErrorCode.CONFLICT, 'pin', 'Another member of this store uses this PIN: choose another.', 409);
  }
  await repo.setPinHash(ctx.db, scope.store.id, userId, await hashPin(pin), iso(ctx.clock.now()));
  await throttle.clear('till-pin', 'member', memberKey(scope.store.id, userId));
}

const wrongPin = () => fieldError(ErrorCode.INVALID_CODE, 'pin', 'Wrong PIN. Try again.');

/**
 * Checks a member's PIN on the till (the session that opened it): throttled per device and per
 * member in the database, so every app process counts the same tries. With `approve`, the member
 * must also hold that permission (403 naming it): an approval of one action.
 */
export async function unlock(
  ctx: AppContext,
  throttle: Throttle,
  scope: Scope,
  body: TillUnlockBody,
): Promise<TillUnlockResult> {
  const rows = await repo.listMembers(ctx.db, scope.store.id);
  const row = rows.find((r) => r.user_id === body.userId);
  const isOwner = row?.member_role === 'OWNER';
  const attempts = [await throttle.enter('till-pin', 'member', memberKey(scope.store.id, body.userId), PIN_DELAY)];
  if (!isOwner) attempts.push(await throttle.enter('till-pin', 'device', scope.sessionId, PIN_DELAY));
  // No such member and no PIN read exactly like a wrong PIN.
  if (!row || !(await verifyPin(body.pin, row.pin_hash))) throw wrongPin();
  await Promise.all(attempts.map((a) => a.succeeded()));
  const { pinHash: _hash, ...member } = toTillMember(row);
  if (body.approve && !hasPermission(rightsOf(row), body.approve)) throw forbidden(body.approve);
  return { member };
}
