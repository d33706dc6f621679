import { describe, expect, it } from 'vitest';
import { countsBody, parseCount, totalOf } from './blind-count.ts';

describe('blind count', () => {
  it('adds the count up live and sends only what was counted', () => {
    const state = { USD: { 2000: 3, 25: 4, 1: 0 }, JPY: {} };
    expect(totalOf(state, 'USD')).toBe(6100);
    expect(totalOf(state, 'JPY')).toBe(0);
    expect(countsBody(state, ['USD', 'JPY'])).toEqual([
      {
        currency: 'USD',
        denominations: [
          { value: 2000, count: 3 },
          { value: 25, count: 4 },
        ],
      },
      { currency: 'JPY', denominations: [] },
    ]);
  });

  it('reads a typed count as a whole number of pieces', () => {
    expect(parseCount('12')).toBe(12);
    expect(parseCount('')).toBe(0);
    expect(parseCount(' 7 ')).toBe(7);
    expect(parseCount('3.5')).toBe(3);
    expect(parseCount('-4')).toBe(0);
    expect(parseCount('many')).toBe(0);
    expect(parseCount('99999999')).toBe(1_000_000);
  });
});
