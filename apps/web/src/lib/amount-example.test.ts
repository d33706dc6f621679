import { describe, expect, it } from 'vitest';
import { amountExample } from './amount-example.ts';

describe('amountExample', () => {
  it("follows the currency's decimals (a yen store is not asked for 4.50)", () => {
    expect(amountExample('USD', 450)).toBe('4.50');
    expect(amountExample('JPY', 450)).toBe('450');
    expect(amountExample('KWD', 450)).toBe('4.500');
    expect(amountExample('JPY', 10_000)).toBe('10000');
    expect(amountExample('EUR', 10_000)).toBe('100.00');
  });
});
