import { describe, expect, it } from 'vitest';
import { dateIn, dayStartIn } from './zoned-date.ts';

describe('dayStartIn', () => {
  it('is the store midnight as an instant', () => {
    expect(dayStartIn('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(dayStartIn('2026-03-10', 'Asia/Tokyo').toISOString()).toBe('2026-03-09T15:00:00.000Z');
    expect(dayStartIn('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    // The day after the spring change: New York is UTC-4 at midnight.
    expect(dayStartIn('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('round-trips with dateIn', () => {
    for (const tz of ['Pacific/Auckland', 'Asia/Kolkata', 'America/Sao_Paulo', 'Europe/London']) {
      expect(dateIn(dayStartIn('2026-10-04', tz), tz)).toBe('2026-10-04');
      expect(dateIn(new Date(dayStartIn('2026-10-04', tz).getTime() - 1), tz)).toBe('2026-10-03');
    }
  });
});
