import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Attempt, Throttle } from '../../lib/rate-limit.ts';

function emailOf(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as { email?: unknown } | undefined)?.email;
  const fromParams = (request.params as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' ? fromBody : typeof fromParams === 'string' ? fromParams : undefined;
  return email?.trim().toLowerCase();
}

/**
 * The rate limits of the auth routes. preHandlers run after validation, so the email comes from the
 * parsed body or path. Client addresses come from X-Forwarded-For only with TRUST_PROXY.
 */
export function authLimits(config: Config['rateLimit'], throttle: Throttle) {
  const perIp = { max: config.authPerIp, windowMs: config.authWindowMs };
  const perEmail = { max: config.authPerEmail, windowMs: config.authWindowMs };
  const loginDelay = {
    freeFailures: config.loginFreeFailures,
    maxDelayMs: config.loginMaxDelayMs,
    memoryMs: config.authWindowMs,
  };
  return {
    /** Per client address only (reset: its token is the secret; login: see `loginAttempt`). */
    byIp: (action: string) => async (request: FastifyRequest) => {
      await throttle.hit(action, 'ip', request.ip, perIp);
    },

    /**
     * Per client address and per email: neither many addresses from one client nor one address
     * from many clients (a mail bomb, a code guessed from a botnet) gets far.
     */
    byIpAndEmail: (action: string) => async (request: FastifyRequest) => {
      await throttle.hit(action, 'ip', request.ip, perIp);
      const email = emailOf(request);
      if (email) await throttle.hit(action, 'email', email, perEmail);
    },

    /**
     * Login's growing delay, per client address and email together: a run of wrong passwords slows
     * that client down for that account, while the owner logging in from anywhere else is not
     * affected (a per-email lock would let anyone lock the owner out).
     */
    loginAttempt: (request: FastifyRequest): Promise<Attempt> =>
      throttle.enter('login', 'ip-email', `${request.ip}\n${emailOf(request) ?? ''}`, loginDelay),
  };
}
