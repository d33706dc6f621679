import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreRow } from '../db/types.ts';
import { activeSessionQuery } from '../modules/auth/sessions.repo.ts';
import { activeSessionWithStoreQuery } from '../modules/stores/stores.repo.ts';
import { iso } from './clock.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';
import type { CachedSession } from './session-cache.ts';
import { storeHeaderOf } from './store-header.ts';

export interface AuthInfo {
  userId: string;
  sessionId: string;
  /**
   * The store named by the X-Store header, read with the session in one query: null when the user
   * may not access it, undefined when the request names no store. `resolveStore` uses it.
   */
  store?: StoreRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

const sessionExpired = () => unauthorized('Your session has expired, please log in again.');

/**
 * onRequest hook for `/api/secure`: a valid JWT alone is not enough, its session must still exist,
 * unrevoked and unexpired, so logout and password changes take effect at once. The session (and
 * the X-Store store) is read once and then served from `ctx.sessionCache` for a few seconds.
 */
export function authGuard(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const claims = await ctx.tokens.verify(match[1]);
    if (!claims) throw sessionExpired();
    const now = ctx.clock.now();
    const urlName = storeHeaderOf(request);
    let session = ctx.sessionCache.get(claims.sessionId, urlName);
    if (!session || session.expiresAtMs <= now.getTime()) {
      session = await readLiveSession(ctx, claims.sessionId, iso(now), urlName);
      if (!session || session.userId !== claims.userId) throw sessionExpired();
      // A store the user may not access is not kept: it is answered 404 and read again next time.
      if (!urlName || session.store) ctx.sessionCache.set(claims.sessionId, urlName, session);
    }
    request.auth = urlName
      ? { ...claims, store: session.store ?? null }
      : { userId: claims.userId, sessionId: claims.sessionId };
  };
}

/** The live session, with the store named by `urlName` when there is one and the user may access it. */
async function readLiveSession(ctx: AppContext, sessionId: string, now: string, urlName: string | undefined): Promise<CachedSession | undefined> {
  if (urlName) {
    const row = await ctx.readFirst(activeSessionWithStoreQuery, sessionId, now, urlName);
    if (!row) return undefined;
    const { session_user_id: userId, session_expires_at: expiresAt, ...store } = row;
    return { userId, expiresAtMs: Date.parse(expiresAt), store: store.id === null ? undefined : (store as StoreRow) };
  }
  const row = await ctx.readFirst(activeSessionQuery, sessionId, now);
  return row ? { userId: row.user_id, expiresAtMs: Date.parse(row.expires_at) } : undefined;
}

/** The logged-in user of a `/api/secure` request (the guard has run). */
export function requireAuth(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
