import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints } from './tax-rate-text.ts';

describe('tax rate text', () => {
  it('reads a typed percentage as whole basis points', () => {
    expect(percentToBasisPoints('8')).toBe(800);
    expect(percentToBasisPoints('8.5')).toBe(850);
    expect(percentToBasisPoints('8,1')).toBe(810);
    expect(percentToBasisPoints(' 7.25 % ')).toBe(725);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', '.', '-1', '100.01', '101', '8.125', 'abc', '1e2']) {
      expect(percentToBasisPoints(text), text).toBeNull();
    }
  });

  it('writes basis points back as the shortest percentage, and round-trips', () => {
    expect(basisPointsToPercent(800)).toBe('8');
    expect(basisPointsToPercent(850)).toBe('8.5');
    expect(basisPointsToPercent(725)).toBe('7.25');
    expect(basisPointsToPercent(5)).toBe('0.05');
    for (let bp = 0; bp <= 10_000; bp += 7) expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });
});
