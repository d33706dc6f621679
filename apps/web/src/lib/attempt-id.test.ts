import { describe, expect, it } from 'vitest';
import { AttemptId } from './attempt-id.ts';

describe('AttemptId', () => {
  it('repeats the id for a retry, and makes a new one for another request or after success', () => {
    let n = 0;
    const attempt = new AttemptId(() => `id-${++n}`);
    expect(attempt.idFor('+500 gift')).toBe('id-1');
    expect(attempt.idFor('+500 gift')).toBe('id-1');
    expect(attempt.idFor('+600 gift')).toBe('id-2');
    attempt.finish();
    expect(attempt.idFor('+600 gift')).toBe('id-3');
  });
});
