import {
  ErrorCode,
  type AcceptInvitationBody,
  type AuthResponse,
  type InvitationPreview,
  type VirtualStore,
} from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { StoreInvitationsTable } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { findAccessibleStoreById, splitMember } from '../access/index.ts';
import { findUserByEmail, findUserById, insertUser, loggedUser, startSession, updateUser } from '../auth/index.ts';
import { toVirtualStore } from '../stores/index.ts';
import { invitationSignatureMatches, nonceHash, splitInvitationToken } from './invitation-token.ts';
import { toInvitation } from './invitations.service.ts';
import * as repo from './members.repo.ts';

const invalidLink = () => notFound('This invitation link is not valid. Ask for a new invitation.');
const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

/**
 * The invitation a token names, if the server issued it (signature over the store, the address and
 * the expiry), it is unused and unexpired. A made-up or altered token reads as no invitation.
 * Accepting reads it with `lock` in its transaction: two acceptances of one link at once then run
 * one after the other, and the second is answered 409 (already accepted) rather than colliding on
 * the new account or the membership.
 */
async function openInvitation(
  ctx: AppContext,
  db: DbOrTx,
  token: string,
  lock = false,
): Promise<StoreInvitationsTable> {
  const parts = splitInvitationToken(token);
  if (!parts) throw invalidLink();
  const row = await repo.findInvitationByNonce(
    db,
    parts.storeId,
    nonceHash(parts.nonce),
    lock ? ctx.dbKind : undefined,
  );
  if (
    !row ||
    !invitationSignatureMatches(ctx.config.jwtSecret, parts.nonce, parts.sig, {
      storeId: row.store_id,
      email: row.email,
      expiresAt: row.expires_at,
    })
  ) {
    throw invalidLink();
  }
  if (row.accepted_at !== null) throw conflict('This invitation was already accepted. Log in to work in the store.');
  if (ctx.clock.now().getTime() >= Date.parse(row.expires_at)) {
    throw conflict('This invitation has expired. Ask the store for a new one.');
  }
  return row;
}

/** What the link shows before anyone logs in; says nothing about whether the address has an account. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const row = await openInvitation(ctx, ctx.db, token);
  const about = await repo.invitationContext(ctx.db, row.store_id, row.invited_by);
  if (!about) throw invalidLink();
  const invitation = toInvitation(row);
  return {
    storeName: about.store_name,
    invitedBy: about.inviter_name,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
  };
}

/** Makes `userId` a member with the invitation's rights and uses the invitation up, in `trx`. */
async function join(ctx: AppContext, trx: DbOrTx, row: StoreInvitationsTable, userId: string): Promise<void> {
  const now = iso(ctx.clock.now());
  if (!(await repo.markAccepted(trx, row.store_id, row.id, userId, now))) {
    throw conflict('This invitation was already accepted. Log in to work in the store.');
  }
  if (await repo.findMember(trx, row.store_id, userId)) throw conflict('You already work in this store.');
  await repo.insertMember(trx, {
    storeId: row.store_id,
    userId,
    role: row.role,
    permissions: row.permissions,
    maxDiscount: Number(row.max_discount),
    now,
  });
}

/**
 * Accepts for the logged-in user, whose confirmed address must be the invited one (letter case
 * aside): a forwarded link does not let someone else in. Answers the store, now in their picker.
 */
export async function acceptAsUser(ctx: AppContext, userId: string, token: string): Promise<VirtualStore> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await openInvitation(ctx, trx, token, true);
    const user = await findUserById(trx, userId);
    if (!user || !user.email_confirmed_at || user.email.toLowerCase() !== row.email) {
      const message = `This invitation was sent to ${row.email}. Log in with that address to accept it.`;
      throw new AppError(403, ErrorCode.FORBIDDEN, message, [{ field: 'email', message }]);
    }
    await join(ctx, trx, row, userId);
    if (!user.default_store_id) await updateUser(trx, userId, { default_store_id: row.store_id });
    const store = await findAccessibleStoreById(trx, userId, row.store_id);
    if (!store) throw invalidLink();
    const access = splitMember(store);
    return toVirtualStore(access.store, access.rights);
  });
}

/**
 * Accepts with a new account: the mailed link proves the address, so the account starts confirmed,
 * with this store as its default; answers a logged-in session like a login. An address that
 * already has an account is told to log in (only the link's holder, who reads that mailbox, learns it).
 */
export async function acceptWithNewAccount(
  ctx: AppContext,
  token: string,
  body: AcceptInvitationBody,
  client: { userAgent?: string },
): Promise<AuthResponse> {
  await openInvitation(ctx, ctx.db, token);
  const passwordHash = await ctx.passwords.hash(body.password);
  const hasAccount = () => conflict('This email address already has an account: log in to accept the invitation.');
  const accepted = ctx.db.transaction().execute(async (trx) => {
    const row = await openInvitation(ctx, trx, token, true);
    if (await findUserByEmail(trx, row.email)) throw hasAccount();
    const userId = newId();
    const now = iso(ctx.clock.now());
    const about = await repo.invitationContext(trx, row.store_id, row.invited_by);
    await insertUser(trx, {
      id: userId,
      email: row.email,
      password_hash: passwordHash,
      name: body.name,
      locale: body.locale ?? about?.locale ?? 'en-US',
      image_id: null,
      default_store_id: row.store_id,
      premium: 0,
      email_confirmed_at: now,
      created_at: now,
    });
    await join(ctx, trx, row, userId);
    const jwt = await startSession(trx, ctx, userId, client);
    return { token: jwt, user: await loggedUser(trx, userId) };
  });
  // Another link to the same address (another store's) accepted at the same moment made the account first.
  return accepted.catch((error: unknown) => {
    throw isUniqueViolation(error, 'email') ? hasAccount() : error;
  });
}
