import {
  actionLacks,
  ErrorCode,
  hasPermission,
  type ActionNeeds,
  type Permission,
  type StoreRights,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../core/errors.ts';
import { findMemberRights } from './access.repo.ts';
import { forbidden, rightsOf } from './rights.ts';
import type { Scope } from './scope.ts';

/** What a sale or refund body says about who made it on a till (packages/shared shop.ts). */
export interface TillActors {
  userId?: string | undefined;
  approvedBy?: string | undefined;
}

export type { ActionNeeds };

/** Who an action is recorded under: the member who made it, and who approved what they lacked. */
export interface Actor {
  userId: string;
  rights: StoreRights;
  approvedBy: string | null;
}

async function memberRights(db: DbOrTx, storeId: string, userId: string): Promise<StoreRights | null> {
  const row = await findMemberRights(db, storeId, userId);
  return row ? rightsOf(row) : null;
}

function notAMember(field: 'userId' | 'approvedBy', permission: Permission): AppError {
  const message =
    field === 'userId'
      ? 'The member on the till is no longer a member of this store.'
      : 'The approving member is no longer a member of this store.';
  return new AppError(403, ErrorCode.FORBIDDEN, message, [{ field: 'permission', message: permission }]);
}

/**
 * Who a sale or refund is recorded under (product.md §2, till mode). Without `userId` (or with the
 * session's own) it is the session's user. Another member may act only through a till: a session
 * of the owner or of a member with SETTINGS, the one who turned the device into the store's till.
 * The acting member is read now, at the time the action reaches the server, so an action queued
 * offline by a member who lost the permission (or left) before the sync is refused 403 naming it,
 * and the device keeps it queued with that reason. What the member lacks (the permission, or a
 * discount above their maximum) passes only with `approvedBy`, a member who has it.
 */
export async function actorOf(db: DbOrTx, scope: Scope, actors: TillActors, needs: ActionNeeds): Promise<Actor> {
  const storeId = scope.store.id;
  let actor: Actor = { userId: scope.userId, rights: scope.rights, approvedBy: null };
  if (actors.userId && actors.userId !== scope.userId) {
    if (!hasPermission(scope.rights, 'SETTINGS')) throw forbidden('SETTINGS');
    const rights = await memberRights(db, storeId, actors.userId);
    if (!rights) throw notAMember('userId', needs.permission);
    actor = { userId: actors.userId, rights, approvedBy: null };
  }
  const lacks = actionLacks(actor.rights, needs);
  if (!actors.approvedBy) {
    if (lacks[0]) throw forbidden(lacks[0]);
    return actor;
  }
  const approver =
    actors.approvedBy === scope.userId ? scope.rights : await memberRights(db, storeId, actors.approvedBy);
  if (!approver) throw notAMember('approvedBy', lacks[0] ?? needs.permission);
  const approverLacks = actionLacks(approver, needs);
  if (approverLacks[0]) throw forbidden(approverLacks[0]);
  return { ...actor, approvedBy: actors.approvedBy };
}
