import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

export interface SessionTokens {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token, or null. The session row is checked separately. */
  verify(token: string): Promise<SessionClaims | null>;
}

const ISSUER = 'shopdesk';

/** HS256 JWTs carrying the user id (`sub`) and session id (`sid`). */
export function createSessionTokens(secret: Uint8Array, clock: Clock): SessionTokens {
  return {
    sign: ({ userId, sessionId }, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
