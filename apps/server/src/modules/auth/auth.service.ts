import { ErrorCode, type AuthResponse, type LoggedUser, type LoginBody, type SignUpBody } from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { DAY, HOUR, iso, isoAfter } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, fieldError, unauthorized } from '../../lib/errors.ts';
import { hashToken, newId, newSecretToken } from '../../lib/ids.ts';
import { insertOwnedStore } from '../stores/index.ts';
import { confirmationMail } from './auth.mails.ts';
import * as authRepo from './auth.repo.ts';
import * as sessions from './sessions.repo.ts';
import * as users from './users.repo.ts';

const CONFIRMATION_TTL = 48 * HOUR;

const emailTaken = () =>
  fieldError(ErrorCode.EMAIL_TAKEN, 'email', 'An account with this email already exists. Try logging in instead.', 409);
const invalidConfirmation = () =>
  new AppError(
    400,
    ErrorCode.INVALID_TOKEN,
    'This confirmation link is invalid or has expired. Ask for a new one from the login page.',
  );
const invalidCredentials = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'The email or password is wrong.');

export interface ClientInfo {
  userAgent?: string;
}

/** Creates a session row in the caller's transaction and returns the JWT naming it. */
export async function startSession(db: DbOrTx, ctx: AppContext, userId: string, client: ClientInfo): Promise<string> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionDays * DAY);
  const sessionId = newId();
  await sessions.insertSession(db, {
    id: sessionId,
    user_id: userId,
    created_at: iso(now),
    expires_at: iso(expiresAt),
    revoked_at: null,
    user_agent: client.userAgent?.slice(0, 256) ?? null,
  });
  return ctx.tokens.sign({ userId, sessionId }, expiresAt);
}

export async function loggedUser(db: DbOrTx, userId: string): Promise<LoggedUser> {
  const user = await users.findLoggedUser(db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** Issues a fresh confirmation link (replacing older unused ones); returns the raw token for the mail. */
async function issueConfirmation(db: DbOrTx, ctx: AppContext, userId: string): Promise<string> {
  const token = newSecretToken();
  await authRepo.deleteUnusedEmailConfirmations(db, userId);
  await authRepo.insertEmailConfirmation(db, {
    id: newId(),
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: isoAfter(ctx.clock, CONFIRMATION_TTL),
    created_at: iso(ctx.clock.now()),
  });
  return token;
}

/** Mail failures are logged, never surfaced: the account exists and the user can ask to resend. */
async function sendConfirmation(ctx: AppContext, to: string, name: string, token: string): Promise<void> {
  try {
    await ctx.mailer.send(confirmationMail(to, name, `${ctx.config.appUrl}/confirm/${token}`));
  } catch (error) {
    ctx.log.error({ err: error, to }, 'could not send the confirmation mail');
  }
}

/** Creates the user and their first store in one transaction, then mails the confirmation link. */
export async function signUp(ctx: AppContext, body: SignUpBody): Promise<LoggedUser> {
  const passwordHash = await ctx.passwords.hash(body.password);
  const userId = newId();
  const { token, user } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (await users.findUserByEmail(trx, body.email)) throw emailTaken();
      await users.insertUser(trx, {
        id: userId,
        email: body.email,
        password_hash: passwordHash,
        name: body.name,
        locale: body.locale ?? 'en-US',
        image_id: null,
        default_store_id: null,
        premium: 0,
        email_confirmed_at: null,
        created_at: iso(ctx.clock.now()),
      });
      const store = await insertOwnedStore(trx, ctx, userId, {
        name: body.storeName,
        urlName: body.urlName,
        mainCurrency: body.mainCurrency,
        secondCurrency: body.secondCurrency,
        timezone: body.timezone,
      });
      await users.updateUser(trx, userId, { default_store_id: store.id });
      const token = await issueConfirmation(trx, ctx, userId);
      return { token, user: await loggedUser(trx, userId) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'email')) throw emailTaken();
      throw error;
    });
  await sendConfirmation(ctx, user.email, user.name, token);
  return user;
}

/** Confirms the email of a single-use, unexpired link and logs the user in. */
export async function confirmEmail(ctx: AppContext, token: string, client: ClientInfo): Promise<AuthResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = iso(ctx.clock.now());
    const row = await authRepo.findEmailConfirmation(trx, hashToken(token));
    if (!row || row.used_at !== null || row.expires_at <= now) throw invalidConfirmation();
    if (!(await authRepo.useEmailConfirmation(trx, row.id, now))) throw invalidConfirmation();
    const user = await users.findUserById(trx, row.user_id);
    if (!user) throw invalidConfirmation();
    if (!user.email_confirmed_at) await users.updateUser(trx, user.id, { email_confirmed_at: now });
    const jwt = await startSession(trx, ctx, user.id, client);
    return { token: jwt, user: await loggedUser(trx, user.id) };
  });
}

/** Sends a new link to an unconfirmed account; silent otherwise so no one learns who has an account. */
export async function resendConfirmation(ctx: AppContext, email: string): Promise<void> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const user = await users.findUserByEmail(trx, email);
    if (!user || user.email_confirmed_at) return undefined;
    return { user, token: await issueConfirmation(trx, ctx, user.id) };
  });
  if (result) await sendConfirmation(ctx, result.user.email, result.user.name, result.token);
}

/** Same answer and similar time for an unknown email and a wrong password. */
export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo): Promise<AuthResponse> {
  const user = await users.findUserByEmail(ctx.db, body.email);
  if (!user) {
    await ctx.passwords.verifyDummy(body.password);
    throw invalidCredentials();
  }
  if (!(await ctx.passwords.verify(user.password_hash, body.password))) throw invalidCredentials();
  if (!user.email_confirmed_at) {
    throw new AppError(
      403,
      ErrorCode.EMAIL_NOT_CONFIRMED,
      'Please confirm your email first: open the link we sent you, or ask for a new one.',
    );
  }
  return ctx.db.transaction().execute(async (trx) => {
    const token = await startSession(trx, ctx, user.id, client);
    return { token, user: await loggedUser(trx, user.id) };
  });
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await sessions.revokeSession(ctx.db, sessionId, iso(ctx.clock.now()));
}
