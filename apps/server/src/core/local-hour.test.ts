import { describe, expect, it } from 'vitest';
import { localHour } from './local-hour.ts';

describe('localHour', () => {
  it('answers each timezone its own day and hour, also for the same second asked again', () => {
    const at = new Date('2026-11-28T23:30:15.100Z');
    expect(localHour(at, 'Asia/Tokyo')).toEqual({ date: '2026-11-29', hour: 8 });
    expect(localHour(at, 'America/New_York')).toEqual({ date: '2026-11-28', hour: 18 });
    expect(localHour(new Date('2026-11-28T23:30:15.900Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-29', hour: 8 });
  });

  it('moves to the next hour and day on the second they start, in a zone half an hour off UTC', () => {
    // Asia/Kolkata is UTC+05:30: its midnight is 18:30 UTC.
    expect(localHour(new Date('2026-11-28T18:29:59.999Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-28', hour: 23 });
    expect(localHour(new Date('2026-11-28T18:30:00.000Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-29', hour: 0 });
    expect(localHour(new Date('2026-11-28T18:29:59.000Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-28', hour: 23 });
  });

  it('follows a summer-time change within one day', () => {
    // New York springs forward at 07:00 UTC on 2026-03-08: 01:59:59 EST, then 03:00:00 EDT.
    expect(localHour(new Date('2026-03-08T06:59:59Z'), 'America/New_York')).toEqual({ date: '2026-03-08', hour: 1 });
    expect(localHour(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({ date: '2026-03-08', hour: 3 });
  });
});
