import { describe, expect, it } from 'vitest';
import { RefundAttempt } from './refund-attempt.ts';

describe('refund attempt ids', () => {
  it('sends the same id for a retry of the same refund, a new one for another refund or after success', () => {
    let n = 0;
    const attempt = new RefundAttempt(() => `id-${++n}`);
    const first = attempt.idFor('lines a×1');
    expect(attempt.idFor('lines a×1')).toBe(first);
    const other = attempt.idFor('lines a×2');
    expect(other).not.toBe(first);
    attempt.finish();
    expect(attempt.idFor('lines a×2')).not.toBe(other);
  });

  it('makes UUIDs by default, as the API asks', () => {
    expect(new RefundAttempt().idFor('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
