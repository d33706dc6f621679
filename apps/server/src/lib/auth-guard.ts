import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreRow } from '../db/types.ts';
import { activeSessionQuery } from '../modules/auth/sessions.repo.ts';
import { activeSessionWithStoreQuery } from '../modules/stores/stores.repo.ts';
import { iso } from './clock.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';
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
 * unrevoked and unexpired, so logout and password changes take effect at once.
 */
export function authGuard(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const claims = await ctx.tokens.verify(match[1]);
    if (!claims) throw sessionExpired();
    const now = iso(ctx.clock.now());
    const urlName = storeHeaderOf(request);
    if (urlName) {
      const row = await ctx.readFirst(activeSessionWithStoreQuery(ctx.db, claims.sessionId, now, urlName));
      if (!row || row.session_user_id !== claims.userId) throw sessionExpired();
      const { session_user_id: _user, ...store } = row;
      request.auth = { ...claims, store: store.id === null ? null : (store as StoreRow) };
      return;
    }
    const session = await ctx.readFirst(activeSessionQuery(ctx.db, claims.sessionId, now));
    if (!session || session.user_id !== claims.userId) throw sessionExpired();
    request.auth = { userId: claims.userId, sessionId: claims.sessionId };
  };
}

/** The logged-in user of a `/api/secure` request (the guard has run). */
export function requireAuth(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
