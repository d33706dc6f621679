import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@shopdesk/shared';
import { ApiRequestError, parseRetryAfter, readApiError } from './api-error.ts';

describe('readApiError', () => {
  // The hand-written reader must take and refuse exactly what the shared schema does.
  const bodies: unknown[] = [
    { message: 'Invalid input', code: 'VALIDATION_ERROR', details: [{ field: 'email', message: 'Bad email' }] },
    { message: 'Log in', code: 'UNAUTHORIZED' },
    { message: 'Busy', code: 'RATE_LIMITED', details: [] },
    { message: 'Extra', code: 'CONFLICT', extra: 1, details: [{ field: 'a', message: 'b', more: true }] },
    { message: 'No code' },
    { message: 1, code: 'X' },
    { message: 'm', code: 'X', details: null },
    { message: 'm', code: 'X', details: [{ field: 'a' }] },
    { message: 'm', code: 'X', details: ['a'] },
    { message: 'm', code: 'X', details: {} },
    'Bad Gateway',
    '',
    null,
    [],
    42,
  ];

  it('agrees with ApiErrorSchema on every shape, keeping only its fields', () => {
    for (const body of bodies) {
      const parsed = ApiErrorSchema.safeParse(body);
      expect(readApiError(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it('gives the error its code and field errors', () => {
    const error = new ApiRequestError(400, 'Bad Request', bodies[0]);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors).toEqual({ email: 'Bad email' });
    expect(new ApiRequestError(502, 'Bad Gateway', '<html>').apiError).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('is kept on the error of a 429', () => {
    const error = new ApiRequestError(429, 'Too Many Requests', { message: 'busy', code: 'RATE_LIMITED' }, '3');
    expect(error.retryAfterMs).toBe(3000);
    expect(new ApiRequestError(400, 'Bad Request', {}).retryAfterMs).toBeNull();
  });
});
