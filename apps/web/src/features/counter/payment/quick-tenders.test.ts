import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '@shopdesk/shared';
import { COMMON_NOTES, quickTenders } from './quick-tenders.ts';

describe('quickTenders', () => {
  it('offers the round-ups to each note and the notes above the due, smallest first', () => {
    expect(quickTenders(1347, 'USD')).toEqual([1400, 1500, 2000, 5000]);
    expect(quickTenders(8800, 'JPY')).toEqual([9000, 10000]);
    expect(quickTenders(12345, 'KWD')).toEqual([13000, 15000, 20000]);
  });

  it('offers only larger notes for a due that is already a round note', () => {
    expect(quickTenders(2000, 'USD')).toEqual([5000, 10000]);
  });

  it('offers nothing for nothing due', () => {
    expect(quickTenders(0, 'EUR')).toEqual([]);
  });

  it('knows notes for every supported currency, ascending', () => {
    for (const code of CURRENCY_CODES) {
      const notes = COMMON_NOTES[code];
      expect(notes.length).toBeGreaterThan(1);
      expect([...notes].sort((a, b) => a - b)).toEqual(notes);
    }
  });
});
