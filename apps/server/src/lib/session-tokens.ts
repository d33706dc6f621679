import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** What a verified token says, with when it stops being valid. */
export interface VerifiedClaims extends SessionClaims {
  expiresAtMs: number;
}

export interface SessionTokens {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token, or null. The session row is checked separately. */
  verify(token: string): Promise<VerifiedClaims | null>;
}

const ISSUER = 'shopdesk';
/** Tokens whose signature was already checked; bounded so a flood of logins cannot grow memory. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * HS256 JWTs carrying the user id (`sub`) and session id (`sid`). A token's signature is checked
 * once and remembered until it expires: WebCrypto's HMAC is asynchronous and was a large share of
 * every secure call, and revocation does not depend on it (the session row is read every time).
 */
export function createSessionTokens(secret: Uint8Array, clock: Clock): SessionTokens {
  const verified = new Map<string, VerifiedClaims>();
  const remember = (token: string, claims: VerifiedClaims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
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
      const known = verified.get(token);
      if (known) {
        if (clock.now().getTime() < known.expiresAtMs) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock.now(),
          // Every token we sign has both; one without them would never expire.
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
          return null;
        }
        const claims = { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 };
        remember(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
