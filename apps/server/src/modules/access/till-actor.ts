import { actionLacks, ErrorCode, type ActionNeeds, type Approval, type StoreRights } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { forbidden } from './rights.ts';
import type { Scope } from './scope.ts';
import { approverRights, proveApproval, spendApproval } from './till-approval.ts';

/** What an action's body says about who made it and who approved it (packages/shared shop.ts). */
export interface TillActors {
  userId?: string | undefined;
  approval?: Approval | undefined;
}

export type { ActionNeeds };

/** Who an action is recorded under: the member who made it, who approved what they lacked, and where. */
export interface Actor {
  userId: string;
  rights: StoreRights;
  approvedBy: string | null;
  /** ONLINE (a server grant) or OFFLINE (a proof made with the approver's PIN on the till); null: none. */
  approvalMode: 'ONLINE' | 'OFFLINE' | null;
  /** The till the action was made on; null from a person's own session. */
  deviceId: string | null;
}

const otherMember = () =>
  new AppError(403, ErrorCode.FORBIDDEN, 'An action is recorded under whoever makes it: it cannot name another member.', [
    { field: 'userId', message: 'userId' },
  ]);

/**
 * Who an action is recorded under (product.md §2, "who did what" and "manager approval"): the
 * server decides. From a person's session, that person; from a till, the member its member token
 * proves (the token queued with an offline action is sent with it at sync). A body naming another
 * member is refused. The member is read now, when the action reaches the server, so an action
 * queued offline by a member who lost the permission (or left) before the sync is refused 403
 * naming it, and the device keeps it queued with that reason. What the member lacks passes only
 * with an approval that proves itself: an online grant or an offline proof for this action
 * (`clientId`), by a member who holds everything the action needs, spent once.
 */
export async function actorOf(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  scope: Scope,
  actors: TillActors,
  needs: ActionNeeds,
  clientId?: string,
): Promise<Actor> {
  if (actors.userId && actors.userId !== scope.userId) throw otherMember();
  const actor: Actor = {
    userId: scope.userId,
    rights: scope.rights,
    approvedBy: null,
    approvalMode: null,
    deviceId: scope.deviceId ?? null,
  };
  const lacks = actionLacks(actor.rights, needs);
  if (!lacks[0]) return actor;
  if (!actors.approval) throw forbidden(lacks[0]);
  const storeId = scope.store.id;
  const now = ctx.clock.now();
  const proven = await proveApproval(
    { db: ctx.db, keys: { secret: ctx.config.jwtSecret }, now, storeId, tillId: scope.deviceId, clientId, lacks },
    actors.approval,
  );
  const approver = await approverRights(ctx.db, storeId, proven.approvedBy);
  if (!approver) {
    throw new AppError(403, ErrorCode.FORBIDDEN, 'The approving member is no longer a member of this store.', [
      { field: 'permission', message: lacks[0] },
    ]);
  }
  const approverLacks = actionLacks(approver, needs);
  if (approverLacks[0]) throw forbidden(approverLacks[0]);
  await spendApproval(ctx.db, storeId, proven, now);
  return { ...actor, approvedBy: proven.approvedBy, approvalMode: proven.mode };
}
