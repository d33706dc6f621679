import { ErrorCode, OWNER_RIGHTS, type StaffRole, type StoreMember, type UpdateMemberBody } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { listAccessibleStores, type Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserById, updateUser } from '../auth/index.ts';
import { assertWithinRights, parsePermissions } from './member-rights.ts';
import * as repo from './members.repo.ts';

const memberNotFound = () => notFound('This person does not work in this store.');
const ownerUntouchable = () =>
  new AppError(403, ErrorCode.FORBIDDEN, "The store's owner cannot be edited or removed.", [
    { field: 'permission', message: 'OWNER' },
  ]);

export function toStoreMember(row: repo.MemberRow): StoreMember {
  const owner = row.role === 'OWNER';
  return {
    storeId: row.store_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: (owner ? 'OWNER' : row.role === 'MANAGER' ? 'MANAGER' : 'CASHIER') satisfies StaffRole,
    permissions: owner ? [...OWNER_RIGHTS.permissions] : parsePermissions(row.permissions),
    maxDiscount: owner ? OWNER_RIGHTS.maxDiscount : Number(row.max_discount),
    hasPin: row.pin_hash !== null,
    createdAt: row.created_at,
  };
}

/** The store's owner and members (product.md §4 StoreMember). */
export async function listMembers(ctx: AppContext, scope: Scope): Promise<StoreMember[]> {
  return (await repo.listMembers(ctx.db, scope.store.id)).map(toStoreMember);
}

/**
 * A member the caller may manage: never the owner, and (for a member managing staff) no one who
 * holds rights the caller lacks, so a manager cannot take away, or touch, what they could not give.
 */
async function manageable(db: DbOrTx, scope: Scope, userId: string): Promise<StoreMember> {
  const row = await repo.findMember(db, scope.store.id, userId);
  if (!row) throw memberNotFound();
  const member = toStoreMember(row);
  if (member.role === 'OWNER') throw ownerUntouchable();
  assertWithinRights(scope.rights, member);
  return member;
}

/** Changes a member's role, permissions and maximum discount; never above the caller's own rights. */
export async function updateMember(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  body: UpdateMemberBody,
): Promise<StoreMember> {
  assertWithinRights(scope.rights, body);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await manageable(trx, scope, userId);
    const at = ctx.clock.now();
    await repo.updateMember(trx, scope.store.id, userId, {
      role: body.role,
      permissions: JSON.stringify(body.permissions),
      max_discount: body.maxDiscount,
      updated_at: iso(at),
    });
    await recordAudit(trx, scope, {
      action: 'MEMBER_EDIT',
      entity: 'MEMBER',
      entityCode: before.email,
      summary: `${body.role} ${body.permissions.join(',')} max ${body.maxDiscount}`,
      at,
    });
    const row = await repo.findMember(trx, scope.store.id, userId);
    if (!row) throw memberNotFound();
    return toStoreMember(row);
  });
}

/**
 * Removes a member: their next request to the store, on any device, is answered 404 (access reads
 * store_members, and the session cache drops on any change to it). What they did keeps their user
 * id, and their account stays, so sales and movements still show their name. A default store that
 * was this one moves to another store of theirs, or to none.
 */
export async function removeMember(ctx: AppContext, scope: Scope, userId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const member = await manageable(trx, scope, userId);
    if (!(await repo.deleteMember(trx, scope.store.id, userId))) throw memberNotFound();
    await recordAudit(trx, scope, {
      action: 'MEMBER_REMOVE',
      entity: 'MEMBER',
      entityCode: member.email,
      summary: member.role,
      at: ctx.clock.now(),
    });
    const user = await findUserById(trx, userId);
    if (user?.default_store_id === scope.store.id) {
      const next = (await listAccessibleStores(trx, userId))[0];
      await updateUser(trx, userId, { default_store_id: next?.id ?? null });
    }
  });
}
