import { describe, expect, it } from 'vitest';
import { storeDateTimeFormat } from './cargo-time.ts';

describe('storeDateTimeFormat', () => {
  it("shows a cargo's time in the store's zone, not the device's", () => {
    const at = new Date('2026-11-27T23:30:00Z');
    expect(storeDateTimeFormat('en-US', 'Asia/Tokyo').format(at)).toBe('Nov 28, 2026, 8:30 AM');
    expect(storeDateTimeFormat('en-US', 'America/Los_Angeles').format(at)).toBe('Nov 27, 2026, 3:30 PM');
  });

  it("falls back to the device's zone for a zone the browser does not know", () => {
    expect(() => storeDateTimeFormat('en-US', 'Not/AZone').format(new Date())).not.toThrow();
  });
});
