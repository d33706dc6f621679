import {
  ErrorCode,
  INVITATION_DAYS,
  ROLE_MAX_DISCOUNT,
  ROLE_PERMISSIONS,
  type Invitation,
  type InviteBody,
  type MemberRole,
} from '@shopdesk/shared';
import type { StoreInvitationsTable } from '../../db/types.ts';
import { DAY, iso, isoAfter } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { mailLocale } from '../../lib/mail-locale.ts';
import type { Outbox } from '../../lib/outbox.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { invitationMail } from './members.mails.ts';
import { assertWithinRights, parsePermissions } from './member-rights.ts';
import { newInvitationToken } from './invitation-token.ts';
import * as repo from './members.repo.ts';

const conflict = (message: string, field?: string) =>
  new AppError(409, ErrorCode.CONFLICT, message, field ? [{ field, message }] : undefined);

export function toInvitation(row: StoreInvitationsTable): Invitation {
  return {
    id: row.id,
    storeId: row.store_id,
    email: row.email,
    role: (row.role === 'MANAGER' ? 'MANAGER' : 'CASHIER') satisfies MemberRole,
    permissions: parsePermissions(row.permissions),
    maxDiscount: Number(row.max_discount),
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    createdAt: row.created_at,
  };
}

/**
 * Invites `email` with a role (permissions and maximum discount default to the role's), never
 * with rights beyond the caller's own. A new invitation of the same address replaces its open one
 * (a fresh link). An open invitation takes a free-plan member place (plans, 'members'), so the
 * free limit is decided here, in the writing transaction; accepting never finds the plan full.
 * The mail goes out after the answer, in the inviter's language.
 */
export async function invite(ctx: AppContext, outbox: Outbox, scope: Scope, body: InviteBody): Promise<Invitation> {
  const rights = {
    permissions: body.permissions ?? [...ROLE_PERMISSIONS[body.role]],
    maxDiscount: body.maxDiscount ?? ROLE_MAX_DISCOUNT[body.role],
  };
  assertWithinRights(scope.rights, rights);
  outbox.ensureRoom();
  const now = ctx.clock.now();
  const expiresAt = isoAfter(ctx.clock, INVITATION_DAYS * DAY);
  const { token, hash } = newInvitationToken(ctx.config.jwtSecret, {
    storeId: scope.store.id,
    email: body.email,
    expiresAt,
  });
  const row: StoreInvitationsTable = {
    store_id: scope.store.id,
    id: newId(),
    email: body.email,
    role: body.role,
    permissions: JSON.stringify(rights.permissions),
    max_discount: rights.maxDiscount,
    nonce_hash: hash,
    invited_by: scope.userId,
    expires_at: expiresAt,
    accepted_at: null,
    accepted_by: null,
    created_at: iso(now),
  };
  const mail = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.memberByEmail(trx, scope.store.id, body.email)) {
      throw conflict('This person already works in this store.', 'email');
    }
    await repo.deleteOpenInvitationsOf(trx, scope.store.id, body.email);
    await assertCanCreate(trx, ctx, scope.store.owner_id, 'members');
    await repo.insertInvitation(trx, row);
    await recordAudit(trx, scope, {
      action: 'MEMBER_INVITE',
      entity: 'MEMBER',
      entityCode: body.email,
      summary: body.role,
      at: now,
    });
    return repo.invitationContext(trx, scope.store.id, scope.userId);
  });
  const link = `${ctx.config.appUrl}/invite/${token}`;
  if (mail) {
    const details = {
      inviter: mail.inviter_name,
      store: mail.store_name,
      role: body.role,
      link,
      days: INVITATION_DAYS,
    };
    outbox.defer('invitation mail', () =>
      ctx.mailer.send(invitationMail(body.email, details, mailLocale(mail.locale))),
    );
  }
  return toInvitation(row);
}

export async function listInvitations(ctx: AppContext, scope: Scope): Promise<Invitation[]> {
  return (await repo.listOpenInvitations(ctx.db, scope.store.id)).map(toInvitation);
}

/**
 * Revokes an invitation not accepted yet: its link stops working and its member place is free
 * again. Only within the caller's own rights, like inviting, and recorded in the same transaction.
 */
export async function revokeInvitation(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const gone = () => notFound('This invitation does not exist or was already accepted.');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findOpenInvitation(trx, scope.store.id, id);
    if (!row) throw gone();
    assertWithinRights(
      scope.rights,
      { permissions: parsePermissions(row.permissions), maxDiscount: Number(row.max_discount) },
      'revoke',
    );
    // Accepted meanwhile (the delete takes only an open one): too late to revoke.
    if (!(await repo.deleteOpenInvitation(trx, scope.store.id, id))) throw gone();
    await recordAudit(trx, scope, {
      action: 'INVITATION_REVOKE',
      entity: 'MEMBER',
      entityCode: row.email,
      summary: row.role,
      at: ctx.clock.now(),
    });
  });
}
