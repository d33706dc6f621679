import { describe, expect, it } from 'vitest';
import { money, signedMoney } from './shift-text.ts';

describe('shift money text', () => {
  it('never shows a negative zero, and signs a difference', () => {
    expect(money(-0, 'USD', 'en-US')).toBe('$0.00');
    expect(money(-500, 'USD', 'en-US')).toBe('-$5.00');
    expect(signedMoney(34, 'USD', 'en-US')).toBe('+$0.34');
    expect(signedMoney(-34, 'USD', 'en-US')).toBe('-$0.34');
    expect(signedMoney(0, 'JPY', 'en-US')).toBe('¥0');
  });
});
