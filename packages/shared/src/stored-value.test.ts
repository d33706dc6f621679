import { describe, expect, it } from 'vitest';
import { formatCardCode, maskCardCode } from './card-codes.ts';
import { cardCodeSchema, referenceDates, sixMonthExpiry } from './stored-value.ts';

describe('stored value rules', () => {
  it('keeps a card inside six months: the day before the same date six months on, month ends clamped', () => {
    expect(sixMonthExpiry('2026-05-15')).toBe('2026-11-14');
    expect(sixMonthExpiry('2026-08-31')).toBe('2027-02-27');
    expect(sixMonthExpiry('2026-12-01')).toBe('2027-05-31');
    expect(sixMonthExpiry('2027-01-01')).toBe('2027-06-30');
  });

  it('reads a card code however it was typed, and refuses what is not one', () => {
    expect(cardCodeSchema.parse(' 1234-5678 9012 3456 ')).toBe('1234567890123456');
    expect(cardCodeSchema.parse('gc-0000-0000-01')).toBe('GC0000000001');
    expect(cardCodeSchema.parse('１２３４５６７８')).toBe('12345678');
    for (const bad of ['1234567', '12345678/', 'x'.repeat(33), '1234\u202e5678']) {
      expect(cardCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('shows a code in groups and only its last four on a receipt', () => {
    expect(formatCardCode('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(maskCardCode('1234567890123456')).toBe('•••• 3456');
  });

  it('lists the Act’s reference dates', () => {
    expect(referenceDates(2026, 2027)).toEqual(['2026-03-31', '2026-09-30', '2027-03-31', '2027-09-30']);
  });
});
