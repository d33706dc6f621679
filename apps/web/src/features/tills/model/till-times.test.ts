import { describe, expect, it } from 'vitest';
import { exactTimeFormat, relativeTime } from './till-times.ts';

const NOW = Date.parse('2026-12-05T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime', () => {
  it('says nothing under a minute, and for a clock a little ahead', () => {
    expect(relativeTime(before(30_000), NOW, 'en-US')).toBeNull();
    expect(relativeTime(before(-5_000), NOW, 'en-US')).toBeNull();
  });

  it('picks the largest whole unit, in the language asked', () => {
    expect(relativeTime(before(5 * 60_000), NOW, 'en-US')).toBe('5 minutes ago');
    expect(relativeTime(before(3 * 3_600_000 + 59 * 60_000), NOW, 'en-US')).toBe('3 hours ago');
    expect(relativeTime(before(26 * 3_600_000), NOW, 'en-US')).toBe('yesterday');
    expect(relativeTime(before(65 * 86_400_000), NOW, 'en-US')).toBe('2 months ago');
    expect(relativeTime(before(800 * 86_400_000), NOW, 'en-US')).toBe('2 years ago');
    expect(relativeTime(before(5 * 60_000), NOW, 'ja-JP')).toBe('5 分前');
  });
});

describe('exactTimeFormat', () => {
  it("writes the time in the store's zone, not the device's", () => {
    expect(exactTimeFormat('en-US', 'Asia/Tokyo')('2026-12-05T10:00:00.000Z')).toBe('Dec 5, 2026, 7:00 PM');
    expect(exactTimeFormat('en-US', 'America/New_York')('2026-12-05T10:00:00.000Z')).toBe('Dec 5, 2026, 5:00 AM');
  });

  it("falls back to the device's zone for a zone it does not know", () => {
    expect(exactTimeFormat('en-US', 'Not/AZone')('2026-12-05T10:00:00.000Z')).toMatch(/^Dec 5, 2026, /);
  });
});
