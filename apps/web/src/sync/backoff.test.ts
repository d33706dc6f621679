import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it('picks a random point below a ceiling that doubles from 1 s', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, null, () => 0.999999))).toEqual([999, 1_999, 3_999, 7_999]);
    expect(backoffDelay(3, null, () => 0)).toBe(0);
  });

  it('never waits longer than the cap, however many failures', () => {
    expect(backoffDelay(50, null, () => 0.999999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(1_000, null, () => 0.999999)).toBeLessThan(BACKOFF_CAP_MS);
  });

  it('waits at least what Retry-After asks', () => {
    expect(backoffDelay(1, 5_000, () => 0.5)).toBe(5_000);
    expect(backoffDelay(10, 5_000, () => 0.5)).toBe(30_000);
  });
});
