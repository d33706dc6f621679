import { ErrorCode, type LoggedUser, type ProfileUpdateBody, type UpdatePasswordBody } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { fieldError, unauthorized } from '../../core/errors.ts';
import { findAccessibleStoreById, storeNotFound, type Caller } from '../access/index.ts';
import { findUserById, loggedUser, revokeUserSessions, updateUser } from '../auth/index.ts';

export function getProfile(ctx: AppContext, userId: string): Promise<LoggedUser> {
  return loggedUser(ctx.db, userId);
}

export async function updateProfile(ctx: AppContext, userId: string, body: ProfileUpdateBody): Promise<LoggedUser> {
  await updateUser(ctx.db, userId, { name: body.name, locale: body.locale });
  return loggedUser(ctx.db, userId);
}

/** Only a store the user can access may become the default; others are answered as missing. */
export async function updateDefaultStore(ctx: AppContext, userId: string, storeId: string): Promise<LoggedUser> {
  return ctx.db.transaction().execute(async (trx) => {
    const store = await findAccessibleStoreById(trx, userId, storeId);
    if (!store) throw storeNotFound();
    await updateUser(trx, userId, { default_store_id: store.id });
    return loggedUser(trx, userId);
  });
}

/** Changes the password after checking the current one; every other session is signed out. */
export async function updatePassword(ctx: AppContext, auth: Caller, body: UpdatePasswordBody): Promise<void> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw unauthorized();
  if (!(await ctx.passwords.verify(user.password_hash, body.currentPassword))) {
    throw fieldError(ErrorCode.WRONG_PASSWORD, 'currentPassword', 'Your current password is not correct.');
  }
  const passwordHash = await ctx.passwords.hash(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, auth.userId, { password_hash: passwordHash });
    await revokeUserSessions(trx, auth.userId, iso(ctx.clock.now()), auth.sessionId);
  });
}
