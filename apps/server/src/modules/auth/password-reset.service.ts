import { ErrorCode } from '@shopdesk/shared';
import { MINUTE, iso, isoAfter } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { hashCode, hashToken, newId, newSecretToken, newSixDigitCode, safeEqualHex } from '../../lib/ids.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { mailLocale } from '../../lib/mail-locale.ts';
import type { PasswordResetRow } from '../../db/types.ts';
import { resetCodeMail } from './auth.mails.ts';
import * as authRepo from './auth.repo.ts';
import * as sessions from './sessions.repo.ts';
import * as users from './users.repo.ts';

const CODE_TTL = 15 * MINUTE;
const RESET_TOKEN_TTL = 15 * MINUTE;
/** Wrong codes allowed before the code is invalidated (product.md §5). */
export const MAX_CODE_ATTEMPTS = 5;

const invalidCode = () =>
  fieldError(
    ErrorCode.INVALID_CODE,
    'code',
    'This code is wrong or has expired. Check the mail or ask for a new code.',
  );
const codeLocked = () => fieldError(ErrorCode.CODE_LOCKED, 'code', 'Too many wrong codes. Please ask for a new code.');
const invalidResetToken = () =>
  new AppError(
    400,
    ErrorCode.INVALID_TOKEN,
    'This password reset has expired or was already used. Please start again.',
  );

/**
 * Mails a new 6-digit code when the account exists. The lookup, the code and the mail all run after
 * the answer, so the caller's 202 comes as fast for an unknown address as for a known one.
 */
export function requestResetCode(ctx: AppContext, outbox: Outbox, email: string): void {
  outbox.ensureRoom();
  outbox.defer('password reset code', async () => {
    const user = await users.findUserByEmail(ctx.db, email);
    if (!user) return;
    const code = newSixDigitCode();
    const row = {
      id: newId(),
      user_id: user.id,
      code_hash: hashCode(ctx.config.jwtSecret, user.id, code),
      code_expires_at: isoAfter(ctx.clock, CODE_TTL),
      attempts: 0,
      code_used_at: null,
      reset_token_hash: null,
      reset_expires_at: null,
      used_at: null,
      created_at: iso(ctx.clock.now()),
    };
    await ctx.db.transaction().execute((trx) => authRepo.replacePasswordReset(trx, row));
    await ctx.mailer.send(resetCodeMail(user.email, user.name, code, mailLocale(user.locale)));
  });
}

/**
 * Trades a correct code for a short-lived reset token. Every wrong code counts; the fifth
 * invalidates the code, after which even the right code is refused.
 */
export async function verifyResetCode(ctx: AppContext, email: string, code: string): Promise<string> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const user = await users.findUserByEmail(trx, email);
      const reset = user && (await authRepo.findPasswordResetByUser(trx, user.id));
      const now = iso(ctx.clock.now());
      if (!user || !reset || reset.code_used_at !== null || reset.code_expires_at <= now) throw invalidCode();
      if (reset.attempts >= MAX_CODE_ATTEMPTS) throw codeLocked();
      if (!safeEqualHex(reset.code_hash, hashCode(ctx.config.jwtSecret, user.id, code))) {
        const attempts = await authRepo.countWrongCode(trx, reset.id);
        return { error: attempts >= MAX_CODE_ATTEMPTS ? codeLocked() : invalidCode() };
      }
      const token = newSecretToken();
      if (!(await authRepo.armResetToken(trx, reset.id, now, hashToken(token), isoAfter(ctx.clock, RESET_TOKEN_TTL)))) {
        throw invalidCode();
      }
      return { token };
    })
    .then((result) => {
      // Thrown after commit so the wrong-attempt count is kept.
      if ('error' in result) throw result.error;
      return result.token;
    });
}

/**
 * Sets the new password, confirms the email (ownership is proven) and revokes every session. The
 * token is checked before the password is hashed: a made-up token costs one indexed read, never an
 * argon2 hash. The token is consumed in the transaction, so it works once even under races.
 */
export async function resetPassword(ctx: AppContext, resetToken: string, password: string): Promise<void> {
  const tokenHash = hashToken(resetToken);
  const live = (reset: PasswordResetRow | undefined, now: string) =>
    reset && reset.used_at === null && reset.reset_expires_at !== null && reset.reset_expires_at > now;
  if (!live(await authRepo.findPasswordResetByToken(ctx.db, tokenHash), iso(ctx.clock.now()))) {
    throw invalidResetToken();
  }
  const passwordHash = await ctx.passwords.hash(password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = iso(ctx.clock.now());
    const reset = await authRepo.findPasswordResetByToken(trx, tokenHash);
    if (!reset || !live(reset, now)) throw invalidResetToken();
    if (!(await authRepo.useResetToken(trx, reset.id, now))) throw invalidResetToken();
    const user = await users.findUserById(trx, reset.user_id);
    if (!user) throw invalidResetToken();
    await users.updateUser(trx, user.id, {
      password_hash: passwordHash,
      email_confirmed_at: user.email_confirmed_at ?? now,
    });
    await sessions.revokeUserSessions(trx, user.id, now);
  });
}
