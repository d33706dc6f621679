import { describe, expect, it } from 'vitest';
import { periodStart } from './grid-period.ts';

describe('periodStart', () => {
  it('counts today as the last day of the period, across months and leap days', () => {
    expect(periodStart('2026-12-06', 1)).toBe('2026-12-06');
    expect(periodStart('2026-12-06', 7)).toBe('2026-11-30');
    expect(periodStart('2028-03-01', 2)).toBe('2028-02-29');
    expect(periodStart('2027-01-05', 30)).toBe('2026-12-07');
  });
});
