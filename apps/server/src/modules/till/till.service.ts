import {
  ErrorCode,
  hasPermission,
  memberToken,
  minPinLength,
  pinHashIsCurrent,
  pinSecretOf,
  pinVerifierOf,
  tillKeyOf,
  type TillMember,
  type TillRoster,
  type TillSettingsBody,
  type TillUnlockBody,
  type TillUnlockResult,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { iso } from '../../lib/clock.ts';
import { recordAudit } from '../audit/index.ts';
import { fieldError } from '../../core/errors.ts';
import type { Throttle } from '../../lib/rate-limit.ts';
import { actorOf, forbidden, rightsOf, signGrant, type Scope } from '../access/index.ts';
import { hashTillPin, verifyTillPin } from './pin-hash.ts';
import { enterPinTry, pinMemberKey } from './pin-throttle.ts';
import * as repo from './till.repo.ts';

function toUnlocked(row: repo.MemberRow): Omit<TillMember, 'pinVerifier'> {
  const rights = rightsOf(row);
  return {
    userId: row.user_id,
    name: row.name,
    role: rights.role,
    permissions: [...rights.permissions],
    maxDiscount: rights.maxDiscount,
  };
}

/**
 * The till's roster: every member with name, rights and PIN verifier (till-proof.ts: what a PIN
 * is checked against offline, never the hash the server keeps), and the store's lock settings.
 * Only a till token reads it; no person's session does.
 */
export async function roster(ctx: AppContext, scope: Scope): Promise<TillRoster> {
  const rows = await repo.listMembers(ctx.db, scope.store.id);
  return {
    lockAfterSale: Number(scope.store.lock_after_sale ?? 1) === 1,
    idleLockMinutes: Number(scope.store.idle_lock_minutes ?? 5),
    members: await Promise.all(
      rows.map(async (row) => ({ ...toUnlocked(row), pinVerifier: await pinVerifierOf(row.pin_hash) })),
    ),
  };
}

/** The till's lock settings, recorded in the audit log with the change ("1 5": lock after a sale, idle minutes). */
export async function updateSettings(ctx: AppContext, scope: Scope, body: TillSettingsBody): Promise<TillRoster> {
  // On a till, a member without SETTINGS changes them only with the approval of one who has it.
  const actor = await actorOf(ctx, scope, { approval: body.approval }, { permission: 'SETTINGS' });
  const patch = { lock_after_sale: body.lockAfterSale ? 1 : 0, idle_lock_minutes: body.idleLockMinutes };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateTillSettings(trx, scope.store.id, patch);
    await recordAudit(trx, scope, {
      approvedBy: actor.approvedBy,
      approvalMode: actor.approvalMode,
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
 * A PIN just verified against a former hash (PBKDF2, or argon2id at an older cost) is stored again
 * as today's argon2id (product.md §2: memory-hard hashes): members' hashes upgrade at their next
 * online unlock with no schema change and no PIN to retype. Only if the hash is still the one
 * verified, so a PIN set meanwhile is never overwritten. Not an audit event: the PIN is the same.
 */
async function upgradePinHash(ctx: AppContext, scope: Scope, userId: string, verified: string, pin: string) {
  const hash = await hashTillPin(pin);
  await repo.replacePinHash(ctx.db, scope.store.id, userId, verified, hash, iso(ctx.clock.now()));
  const kept = await repo.listMembers(ctx.db, scope.store.id);
  return kept.find((r) => r.user_id === userId)?.pin_hash ?? verified;
}

const wrongPin = () => fieldError(ErrorCode.INVALID_CODE, 'pin', 'Wrong PIN. Try again.');

/**
 * Checks the PIN of the member chosen by name on the till (a till token only), against that
 * member's hash only: throttled per till and per member in the database, so every app process
 * counts the same tries. Answers the member token the till then sends with each request. With
 * `approve`, the member must also hold that permission (403 naming it), and the answer is a grant
 * for that one action (its clientId), valid 10 minutes, spent once. A PIN shorter than the member's rights now need still
 * unlocks (nobody is locked out by a change of rights), answered with `newPinNeeded`.
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
  const attempts = [await enterPinTry(throttle, 'member', pinMemberKey(scope.store.id, body.userId))];
  if (!isOwner) attempts.push(await enterPinTry(throttle, 'device', scope.sessionId));
  // No such member and no PIN read exactly like a wrong PIN.
  if (!row || !(await verifyTillPin(body.pin, row.pin_hash))) throw wrongPin();
  await Promise.all(attempts.map((a) => a.succeeded()));
  // The hash the member's till key comes from: today's, once a former one is upgraded.
  const hash = pinHashIsCurrent(row.pin_hash)
    ? row.pin_hash!
    : await upgradePinHash(ctx, scope, row.user_id, row.pin_hash!, body.pin);
  const member = toUnlocked(row);
  const rights = rightsOf(row);
  const newPinNeeded = body.pin.length < minPinLength(rights);
  const tillId = scope.deviceId!;
  if (body.approve) {
    if (!hasPermission(rights, body.approve)) throw forbidden(body.approve);
    const grant = signGrant(
      { secret: ctx.config.jwtSecret },
      { storeId: scope.store.id, tillId, approvedBy: row.user_id, permission: body.approve, clientId: body.clientId! },
      ctx.clock.now(),
    );
    return { member, newPinNeeded, approval: { kind: 'online', grant } };
  }
  const key = await tillKeyOf(pinSecretOf(hash)!);
  return { member, newPinNeeded, memberToken: await memberToken(key, tillId, row.user_id, ctx.clock.now().getTime()) };
}
