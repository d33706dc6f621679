import type { FastifyReply, FastifyRequest } from 'fastify';
import { findActiveSession } from '../modules/auth/sessions.repo.ts';
import { iso } from './clock.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';

export interface AuthInfo {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

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
    if (!claims) throw unauthorized('Your session has expired, please log in again.');
    const session = await findActiveSession(ctx.db, claims.sessionId, iso(ctx.clock.now()));
    if (!session || session.user_id !== claims.userId) {
      throw unauthorized('Your session has expired, please log in again.');
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId };
  };
}

/** The logged-in user of a `/api/secure` request (the guard has run). */
export function requireAuth(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
