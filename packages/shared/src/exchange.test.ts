import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertAmount, convertMinor, divideRounded, invertRateText, invertRatio, parseRate } from './exchange.ts';

describe('convertMinor', () => {
  it('converts between exponents without floating point', () => {
    expect(convertMinor(1999, 'USD', 'JPY', '150.25')).toBe(3003); // 19.99 × 150.25 = 3003.49
    expect(convertMinor(500, 'JPY', 'USD', '0.0066')).toBe(330); // ¥500 → $3.30
    expect(convertMinor(1250, 'KWD', 'USD', '3.25')).toBe(406); // 1.250 × 3.25 = 4.0625
  });
  it('rounds half away from zero and keeps the sign', () => {
    expect(convertMinor(1, 'USD', 'EUR', '0.5')).toBe(1);
    expect(convertMinor(-1, 'USD', 'EUR', '0.5')).toBe(-1);
  });
  it('refuses a rate that is not a decimal', () => {
    expect(convertMinor(100, 'USD', 'EUR', 'abc')).toBeNull();
  });
  it('refuses a zero rate', () => {
    expect(convertMinor(100, 'USD', 'EUR', '0')).toBeNull();
    expect(parseRate('0.000')).toBeNull();
  });
});

describe('convertAmount', () => {
  it('settles a fraction in the direction asked', () => {
    const rate = parseRate('0.0066')!; // USD per JPY
    expect(convertAmount(1480, 'JPY', 'USD', rate, 'CEIL')).toBe(977); // 9.768
    expect(convertAmount(1480, 'JPY', 'USD', rate, 'FLOOR')).toBe(976);
    expect(convertAmount(1480, 'JPY', 'USD', rate, 'HALF_UP')).toBe(977);
    expect(convertAmount(977, 'USD', 'JPY', invertRatio(rate), 'FLOOR')).toBe(1480); // 1480.30
  });

  it('a foreign amount asked (CEIL) is always worth at least the amount due (FLOOR back)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 6 }),
        (due, rateDigits, decimals) => {
          const text = String(rateDigits).padStart(decimals + 1, '0');
          const rate = parseRate(decimals ? `${text.slice(0, -decimals)}.${text.slice(-decimals)}` : text)!;
          const asked = convertAmount(due, 'KWD', 'JPY', rate, 'CEIL');
          expect(convertAmount(asked, 'JPY', 'KWD', invertRatio(rate), 'FLOOR')).toBeGreaterThanOrEqual(due);
        },
      ),
    );
  });
});

describe('divideRounded', () => {
  it('rounds magnitudes, so signs are symmetric for half up', () => {
    expect(divideRounded(5n, 2n, 'HALF_UP')).toBe(3n);
    expect(divideRounded(-5n, 2n, 'HALF_UP')).toBe(-3n);
    expect(divideRounded(-5n, 2n, 'FLOOR')).toBe(-3n);
    expect(divideRounded(-5n, 2n, 'CEIL')).toBe(-2n);
    expect(divideRounded(4n, 2n, 'CEIL')).toBe(2n);
  });
});

describe('invertRateText', () => {
  it('gives the rate the other way round, rounded half up, without trailing zeros', () => {
    expect(invertRateText('0.0065')).toBe('153.846153846154');
    expect(invertRateText('153')).toBe('0.006535947712');
    expect(invertRateText('0.0065', 4)).toBe('153.8462');
    expect(invertRateText('0.5')).toBe('2');
    expect(invertRateText('150.250000', 2)).toBe('0.01');
  });

  it('refuses what is not a rate, or whose inverse rounds to zero', () => {
    expect(invertRateText('abc')).toBeNull();
    expect(invertRateText('0')).toBeNull();
    expect(invertRateText('999999999999', 4)).toBeNull();
  });
});
