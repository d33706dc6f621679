import { describe, expect, it } from 'vitest';
import { pointsEarned } from '@shopdesk/shared';
import { earnRateText, loyaltyExample, parseEarnRate } from './earn-rate.ts';

describe('the earn rate as typed and as stored', () => {
  it('reads points per ¥100 and percentages for yen (no decimals)', () => {
    expect(parseEarnRate('1', 'per100', 0)).toBe(100);
    expect(parseEarnRate('1.5', 'per100', 0)).toBe(150);
    expect(parseEarnRate('0.25', 'per100', 0)).toBe(25);
    expect(parseEarnRate('1', 'percent', 0)).toBe(100);
    expect(parseEarnRate('2.5%', 'percent', 0)).toBe(250);
    expect(parseEarnRate('0', 'percent', 0)).toBe(0);
  });

  it('reads points per $100 for a currency with cents', () => {
    // 1 point per $100 = 1 point per 10,000 cents = 1 basis point.
    expect(parseEarnRate('1', 'per100', 2)).toBe(1);
    expect(parseEarnRate('100', 'per100', 2)).toBe(100);
    expect(parseEarnRate('1.5', 'per100', 2)).toBeNull(); // not a whole basis point
    expect(parseEarnRate('1', 'percent', 2)).toBe(100);
  });

  it('refuses what is not a rate or is above 100%', () => {
    for (const text of ['', 'abc', '-1', '1.2.3', '1e2']) expect(parseEarnRate(text, 'percent', 0)).toBeNull();
    expect(parseEarnRate('100.01', 'percent', 0)).toBeNull();
    expect(parseEarnRate('100', 'percent', 0)).toBe(10_000);
    expect(parseEarnRate('101', 'per100', 0)).toBeNull();
  });

  it('writes the stored rate back as it would be typed', () => {
    for (const [mode, exponent] of [
      ['per100', 0],
      ['percent', 0],
      ['per100', 2],
      ['percent', 2],
      ['per100', 3],
    ] as const) {
      for (const rate of [0, 1, 25, 100, 150, 333, 10_000]) {
        const text = earnRateText(rate, mode, exponent);
        const back = parseEarnRate(text, mode, exponent);
        expect(back, `${rate} ${mode} ${exponent} → ${text}`).toBe(rate);
      }
    }
    expect(earnRateText(150, 'per100', 0)).toBe('1.5');
    expect(earnRateText(100, 'per100', 2)).toBe('100');
    expect(earnRateText(5, 'percent', 2)).toBe('0.05');
  });
});

describe('the example line', () => {
  it('says what ¥1,000 earns and what 100 points take off, as the sale will', () => {
    const ex = loyaltyExample({ earnRate: 100, pointValue: 1, minRedeem: 0 }, 0);
    expect(ex).toEqual({ sale: 1000, earned: 10, points: 100, discount: 100 });
    expect(ex.earned).toBe(pointsEarned(ex.sale, 100));
  });

  it('uses the minimum to redeem when it is above 100 points, and cents for dollars', () => {
    expect(loyaltyExample({ earnRate: 250, pointValue: 5, minRedeem: 500 }, 2)).toEqual({
      sale: 100_000,
      earned: 2500,
      points: 500,
      discount: 2500,
    });
  });
});
