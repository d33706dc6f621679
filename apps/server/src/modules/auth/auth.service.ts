import { ErrorCode, type AuthResponse, type LoggedUser, type LoginBody, type SignUpBody } from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { DAY, HOUR, iso, isoAfter } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, unauthorized } from '../../core/errors.ts';
import { hashToken, newId, newSecretToken } from '../../lib/ids.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { mailLocale } from '../../lib/mail-locale.ts';
import { throttleKey, type Attempt } from '../../lib/rate-limit.ts';
import { hitWindow } from '../../lib/rate-limit.repo.ts';
import { insertOwnedStore, urlNameExists, urlNameTaken } from '../stores/index.ts';
import { confirmationMail, signUpNoticeMail } from './auth.mails.ts';
import * as authRepo from './auth.repo.ts';
import * as sessions from './sessions.repo.ts';
import * as users from './users.repo.ts';

const CONFIRMATION_TTL = 48 * HOUR;

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

/**
 * Creates the user and their first store in one transaction; the confirmation mail goes out after
 * the answer. An address that already has an account gets the very same answer: nothing is created
 * and its owner is mailed a notice instead. Both paths hash the password, run one transaction and
 * queue one mail, so neither the answer nor its time tells whether the address has an account. A
 * taken urlName is still refused with 409 (store names are public).
 */
export async function signUp(ctx: AppContext, outbox: Outbox, body: SignUpBody): Promise<void> {
  outbox.ensureRoom();
  const passwordHash = await ctx.passwords.hash(body.password);
  const userId = newId();
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (await users.findUserByEmail(trx, body.email)) {
        if (await urlNameExists(trx, body.urlName)) throw urlNameTaken();
        // A write, as a new account's transaction has (SQLite fsyncs only commits that write), and
        // a real one: the owner gets at most one notice per window however often someone tries.
        return { notify: await noticeDue(trx, ctx, body.email) };
      }
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
      return { token: await issueConfirmation(trx, ctx, userId) };
    })
    .catch((error: unknown) => {
      // A concurrent sign-up created the account first: this one is then a repeat like any other.
      if (isUniqueViolation(error, 'email')) return { notify: true };
      throw error;
    });
  if ('token' in outcome) {
    const link = `${ctx.config.appUrl}/confirm/${outcome.token}`;
    outbox.defer('confirmation mail', () =>
      ctx.mailer.send(confirmationMail(body.email, body.name, link, mailLocale(body.locale))),
    );
  } else {
    outbox.defer('sign-up notice', async () => {
      const owner = outcome.notify && (await users.findUserByEmail(ctx.db, body.email));
      if (owner) {
        await ctx.mailer.send(signUpNoticeMail(owner.email, owner.name, ctx.config.appUrl, mailLocale(owner.locale)));
      }
    });
  }
}

/** Counts a repeat sign-up of `email`; true for the first of the rate-limit window. */
async function noticeDue(db: DbOrTx, ctx: AppContext, email: string): Promise<boolean> {
  const nowMs = ctx.clock.now().getTime();
  const windowMs = ctx.config.rateLimit.authWindowMs;
  const { count } = await hitWindow(db, {
    key: throttleKey('signup-notice', 'email', email),
    action: 'signup-notice',
    now: iso(new Date(nowMs)),
    windowFloor: iso(new Date(nowMs - windowMs)),
    expiresAt: iso(new Date(nowMs + windowMs)),
  });
  return count === 1;
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

/**
 * Sends a new link to an unconfirmed account, silently otherwise. All of it runs after the answer,
 * so no one learns from the answer or its time who has an account.
 */
export function resendConfirmation(ctx: AppContext, outbox: Outbox, email: string): void {
  outbox.ensureRoom();
  outbox.defer('confirmation resend', async () => {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const user = await users.findUserByEmail(trx, email);
      if (!user || user.email_confirmed_at) return undefined;
      return { user, token: await issueConfirmation(trx, ctx, user.id) };
    });
    if (!result) return;
    const link = `${ctx.config.appUrl}/confirm/${result.token}`;
    await ctx.mailer.send(confirmationMail(result.user.email, result.user.name, link, mailLocale(result.user.locale)));
  });
}

/**
 * Same answer and similar time for an unknown email and a wrong password. A right password ends the
 * caller's run of failures (`attempt`), even before the email is confirmed.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  client: ClientInfo,
  attempt: Attempt,
): Promise<AuthResponse> {
  const user = await users.findUserByEmail(ctx.db, body.email);
  if (!user) {
    await ctx.passwords.verifyDummy(body.password);
    throw invalidCredentials();
  }
  if (!(await ctx.passwords.verify(user.password_hash, body.password))) throw invalidCredentials();
  await attempt.succeeded();
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
