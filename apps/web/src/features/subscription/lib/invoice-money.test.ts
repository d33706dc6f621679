import { describe, expect, it } from 'vitest';
import { formatInvoiceAmount, yearlySavingPercent } from './invoice-money.ts';

describe('invoice amounts', () => {
  it("use the invoice currency's own minor unit", () => {
    expect(formatInvoiceAmount(499, 'usd', 'en-US')).toBe('$4.99');
    expect(formatInvoiceAmount(980, 'JPY', 'en-US')).toBe('¥980');
    expect(formatInvoiceAmount(1500, 'KWD', 'en-US')).toContain('1.500');
  });

  it('show the yearly saving against twelve months', () => {
    expect(yearlySavingPercent(500, 5000)).toBe(17);
    expect(yearlySavingPercent(500, 6000)).toBe(0);
    expect(yearlySavingPercent(0, 0)).toBe(0);
  });
});
