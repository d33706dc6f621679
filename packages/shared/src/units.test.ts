import { describe, expect, it } from 'vitest';
import { formatQuantity, quantityFromPrice } from './units.ts';

describe('measured quantities', () => {
  it('formats thousandths with three decimals and the unit', () => {
    expect(formatQuantity(342, 'KG')).toBe('0.342 kg');
    expect(formatQuantity(1500, 'L')).toBe('1.500 L');
    expect(formatQuantity(12_005, 'M')).toBe('12.005 m');
    expect(formatQuantity(-25, 'KG')).toBe('-0.025 kg');
    expect(formatQuantity(3, 'EACH')).toBe('3');
  });

  it("derives the quantity a label's price buys, half up", () => {
    expect(quantityFromPrice(500, 1980)).toBe(253); // 0.25252… kg
    expect(quantityFromPrice(990, 1980)).toBe(500);
    expect(quantityFromPrice(500, 0)).toBeNull();
  });
});
