import { describe, expect, it } from 'vitest';
import { ApiRequestError, parseRetryAfter } from './api-error.ts';

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
