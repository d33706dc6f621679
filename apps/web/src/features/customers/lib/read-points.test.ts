import { describe, expect, it } from 'vitest';
import { readPoints } from './read-points.ts';

describe('a points change as typed', () => {
  it('reads signed whole numbers however typed', () => {
    expect(readPoints('50')).toBe(50);
    expect(readPoints('+50')).toBe(50);
    expect(readPoints('-120')).toBe(-120);
    expect(readPoints('\u2212120')).toBe(-120);
    expect(readPoints('－１２０')).toBe(-120);
    expect(readPoints(' 1,000 ')).toBe(1000);
  });

  it('refuses zero, fractions, words and more than any balance may hold', () => {
    for (const text of ['', '0', '-0', '1.5', 'abc', '--1', '+', '1e3', '1000000001']) {
      expect(readPoints(text), text).toBeNull();
    }
  });
});
