import type { FastifyReply, FastifyRequest } from 'fastify';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../core/errors.ts';
import type { SessionCache } from '../../lib/session-cache.ts';
import { storeHeaderOf } from '../../lib/store-header.ts';
import { activeSessionQuery, activeSessionWithStoreQuery, type StoreWithMember } from './access.repo.ts';
import { splitMember } from './rights.ts';
import type { Caller, StoreAccess } from './scope.ts';
import { TILL_MEMBER_HEADER } from '@shopdesk/shared';
import { assertTillMayCall, authenticateTill, isTillToken, type TillCaller } from './till-auth.ts';

/** What the guard concludes for one request: the caller and, when X-Store names one, that store. */
export interface AuthInfo extends Caller {
  /**
   * The store named by the X-Store header, read with the session in one query: null when the user
   * may not access it, undefined when the request names no store. `scopeOf` uses it.
   */
  store?: StoreAccess | null;
  /** Set when the credential is a till token: the till, and the member unlocked on it (userId). */
  till?: TillCaller;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

export type AuthCache = SessionCache<AuthInfo>;

/** How long a till's conclusion is kept: revocation is also seen at once in this process (watchChanges). */
const TILL_CACHE_MS = 60_000;

/**
 * The cache key: the Authorization header, and for a till also its member token, since the same
 * till token acts for whichever member is unlocked on it.
 */
function credentialOf(request: FastifyRequest): string {
  const credential = request.headers.authorization ?? '';
  const member = request.headers[TILL_MEMBER_HEADER];
  return typeof member === 'string' && member ? `${credential}\n${member}` : credential;
}

const sessionExpired = () => unauthorized('Your session has expired, please log in again.');
const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * onRequest hook for `/api/secure`: a valid JWT alone is not enough, its session must still exist,
 * unrevoked and unexpired, so logout and password changes take effect at once. What it concludes
 * is kept in `cache` for a few seconds; a hit, the counter's usual case, is answered synchronously,
 * without a promise, since this runs before every secure call.
 */
export function authGuard(ctx: AppContext, cache: AuthCache) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    const credential = credentialOf(request);
    const urlName = storeHeaderOf(request);
    const hit = cache.get(credential, urlName);
    if (hit && ctx.clock.now().getTime() < hit.expiresAtMs) {
      request.auth = hit.value;
      try {
        if (hit.value.till) assertTillMayCall(request, hit.value.till);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
      return;
    }
    authenticate(ctx, cache, request, credential, urlName).then(() => done(), done);
  };
}

async function authenticate(
  ctx: AppContext,
  cache: AuthCache,
  request: FastifyRequest,
  credential: string,
  urlName: string | undefined,
): Promise<void> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw unauthorized();
  if (isTillToken(token)) {
    const member = request.headers[TILL_MEMBER_HEADER];
    const till = await authenticateTill(ctx, token, urlName, typeof member === 'string' ? member : undefined);
    request.auth = till;
    assertTillMayCall(request, till.till);
    if (till.store) cache.set(credential, urlName, { value: till, expiresAtMs: ctx.clock.now().getTime() + TILL_CACHE_MS });
    return;
  }
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw sessionExpired();
  const { userId, sessionId } = claims;
  const session = await readLiveSession(ctx, sessionId, iso(ctx.clock.now()), urlName);
  if (!session || session.userId !== userId) throw sessionExpired();
  request.auth = urlName ? { userId, sessionId, store: session.store ?? null } : { userId, sessionId };
  // A store the user may not access is not kept: it is answered 404 and read again next time.
  if (!urlName || session.store) {
    cache.set(credential, urlName, {
      value: request.auth,
      expiresAtMs: Math.min(claims.expiresAtMs, session.expiresAtMs),
    });
  }
}

interface LiveSession {
  userId: string;
  expiresAtMs: number;
  store?: StoreAccess;
}

/** The live session, with the store named by `urlName` when there is one and the user may access it. */
async function readLiveSession(
  ctx: AppContext,
  sessionId: string,
  now: string,
  urlName: string | undefined,
): Promise<LiveSession | undefined> {
  if (urlName) {
    const row = await ctx.readFirst(activeSessionWithStoreQuery, sessionId, now, urlName);
    if (!row) return undefined;
    const { session_user_id: userId, session_expires_at: expiresAt, ...store } = row;
    // A store the user has no member row in is no store of theirs.
    const access = store.id === null || store.member_role === null ? undefined : splitMember(store as StoreWithMember);
    return { userId, expiresAtMs: Date.parse(expiresAt), store: access };
  }
  const row = await ctx.readFirst(activeSessionQuery, sessionId, now);
  return row ? { userId: row.user_id, expiresAtMs: Date.parse(row.expires_at) } : undefined;
}
