import { describe, expect, it } from 'vitest';
import { CASH_DENOMINATIONS, countedTotal } from './cash-denominations.ts';
import { CURRENCY_CODES } from './currencies.ts';

describe('cash denominations', () => {
  it('covers every supported currency with whole, distinct, positive minor units, largest first', () => {
    for (const currency of CURRENCY_CODES) {
      const values = CASH_DENOMINATIONS[currency].map((d) => d.value);
      expect(values.length, currency).toBeGreaterThan(3);
      expect(
        values.every((v) => Number.isInteger(v) && v > 0),
        currency,
      ).toBe(true);
      expect(new Set(values).size, currency).toBe(values.length);
      expect(
        [...values].sort((a, b) => b - a),
        currency,
      ).toEqual(values);
    }
  });

  it('converts major units by the currency exponent', () => {
    expect(CASH_DENOMINATIONS.JPY.map((d) => d.value)).toContain(10_000);
    expect(CASH_DENOMINATIONS.USD.at(-1)).toEqual({ value: 1, kind: 'COIN' });
    expect(CASH_DENOMINATIONS.KWD.map((d) => d.value)).toContain(250);
    expect(CASH_DENOMINATIONS.IDR.at(-1)?.value).toBe(10_000);
  });

  it('adds a count up', () => {
    expect(
      countedTotal([
        { value: 2000, count: 3 },
        { value: 25, count: 4 },
      ]),
    ).toBe(6100);
    expect(countedTotal([])).toBe(0);
  });
});
