import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shopdesk/shared';
import { AppError } from './errors.ts';

export interface AuthRateLimitOptions {
  perIp: number;
  perEmail: number;
  windowMs: number;
}

function emailOf(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as { email?: unknown } | undefined)?.email;
  const fromParams = (request.params as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' ? fromBody : typeof fromParams === 'string' ? fromParams : undefined;
  return email?.trim().toLowerCase();
}

/**
 * A preHandler limiting one auth action per client IP and per email address. Both count, so one
 * address cannot be brute-forced from many IPs, nor many addresses from one IP. It runs after
 * validation because the email comes from the parsed body or path.
 * Counters live in this process (@fastify/rate-limit's local store); several processes need its
 * shared-store option.
 */
export function authRateLimit(app: FastifyInstance, action: string, options: AuthRateLimitOptions) {
  const byIp = app.createRateLimit({
    max: options.perIp,
    timeWindow: options.windowMs,
    keyGenerator: (req) => `${action}:ip:${req.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: options.perEmail,
    timeWindow: options.windowMs,
    keyGenerator: (req) => `${action}:email:${emailOf(req) ?? ''}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const checks = [await byIp(request)];
    if (emailOf(request)) checks.push(await byEmail(request));
    for (const result of checks) {
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          'Too many attempts. Please wait a few minutes and try again.',
          undefined,
          { 'retry-after': String(result.ttlInSeconds) },
        );
      }
    }
  };
}
