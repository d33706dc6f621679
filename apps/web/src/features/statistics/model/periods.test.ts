import { describe, expect, it } from 'vitest';
import { defaultGroup, groupsFor, periodKeys, presetPeriod, storeToday } from './periods.ts';

describe('report periods', () => {
  it('reads presets from the store’s today, weeks from Monday, across month and year ends', () => {
    expect(presetPeriod('today', '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetPeriod('yesterday', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(presetPeriod('thisWeek', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-24' }); // a Tuesday
    expect(presetPeriod('thisWeek', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' }); // a Sunday
    expect(presetPeriod('thisMonth', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(presetPeriod('lastMonth', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetPeriod('lastMonth', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('thisYear', '2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });

  it('takes today where the store is, not where the device is', () => {
    const now = new Date('2026-12-31T11:00:00Z');
    expect(storeToday('Pacific/Kiritimati', now)).toBe('2027-01-01');
    expect(storeToday('America/St_Johns', now)).toBe('2026-12-31');
  });

  it('offers hours for a week, days for three months, and lists every period of the range', () => {
    expect(groupsFor({ from: '2026-11-24', to: '2026-11-24' })).toEqual(['hour', 'day', 'month']);
    expect(groupsFor({ from: '2026-01-01', to: '2026-11-24' })).toEqual(['month']);
    expect(defaultGroup({ from: '2026-11-01', to: '2026-11-24' })).toBe('day');
    expect(periodKeys({ from: '2026-11-24', to: '2026-11-24' }, 'hour')).toHaveLength(24);
    expect(periodKeys({ from: '2026-11-30', to: '2027-02-01' }, 'month')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(periodKeys({ from: '2026-12-30', to: '2027-01-02' }, 'day')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});
