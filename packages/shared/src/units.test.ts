import { describe, expect, it } from 'vitest';
import {
  amountOfQuantity,
  countItems,
  formatQuantity,
  parseQuantityText,
  perUnitSuffix,
  quantityFromPrice,
  quantityInputText,
} from './units.ts';

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

describe('typed quantities', () => {
  it('reads pieces for EACH and thousandths for a measured unit, and writes them back', () => {
    expect(parseQuantityText('3', 'EACH')).toBe(3);
    expect(parseQuantityText('0.5', 'EACH')).toBeNull();
    expect(parseQuantityText('0.342', 'KG')).toBe(342);
    expect(parseQuantityText('2', 'KG')).toBe(2000);
    expect(parseQuantityText('1,5', 'L')).toBe(1500);
    expect(parseQuantityText('-0.1', 'M')).toBe(-100);
    expect(parseQuantityText('0.3425', 'KG')).toBeNull();
    expect(parseQuantityText('', 'KG')).toBeNull();
    expect(quantityInputText(342, 'KG')).toBe('0.342');
    expect(quantityInputText(7, 'EACH')).toBe('7');
    expect(perUnitSuffix('KG')).toBe('/kg');
    expect(perUnitSuffix('EACH')).toBe('');
  });
});

describe('items of lines', () => {
  it('counts pieces, and a measured line as one item', () => {
    expect(countItems([{ quantity: 3 }, { quantity: 342, unit: 'KG' }, { quantity: 2, unit: 'EACH' }])).toBe(6);
    expect(countItems([])).toBe(0);
  });
});

describe('amounts of quantities', () => {
  it('multiplies pieces, and takes a measured quantity per 1000 thousandths, half up', () => {
    expect(amountOfQuantity(3, 250, 'EACH')).toBe(750);
    expect(amountOfQuantity(3, 250, undefined)).toBe(750);
    expect(amountOfQuantity(342, 1200, 'KG')).toBe(410);
    expect(amountOfQuantity(5, 100, 'KG')).toBe(1); // 0.5 → 1
    expect(amountOfQuantity(4, 100, 'L')).toBe(0);
  });
});
