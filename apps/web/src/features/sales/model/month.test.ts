import { describe, expect, it } from 'vitest';
import { isDate, isMonth, monthIn, monthLabel, shiftMonth, todayIn } from './month.ts';

describe('store months', () => {
  // 2026-11-30 23:30 UTC is already December 1st in Tokyo and still November in New York.
  const lateNovember = new Date('2026-11-30T23:30:00Z');

  it('takes "this month" where the shop is, not where the browser is', () => {
    expect(monthIn('Asia/Tokyo', lateNovember)).toBe('2026-12');
    expect(monthIn('America/New_York', lateNovember)).toBe('2026-11');
    expect(todayIn('Asia/Tokyo', lateNovember)).toBe('2026-12-01');
  });

  it('falls back to the browser zone for an unknown zone', () => {
    expect(todayIn('Not/AZone', lateNovember)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('steps months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
  });

  it('reads only well-formed months and dates from the address', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isDate('2026-11-24')).toBe(true);
    expect(isDate('24/11/2026')).toBe(false);
    expect(isDate(null)).toBe(false);
  });

  it('names the month in the user language', () => {
    expect(monthLabel('2026-11', 'en-US')).toBe('November 2026');
    expect(monthLabel('2026-11', 'ja-JP')).toBe('2026年11月');
  });
});
