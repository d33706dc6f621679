import { describe, expect, it } from 'vitest';
import { convertMinor } from './convert-money.ts';

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
});
