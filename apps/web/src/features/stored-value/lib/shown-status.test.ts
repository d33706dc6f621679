import { describe, expect, it } from 'vitest';
import { shownStatus } from './shown-status.ts';

describe('shownStatus', () => {
  const card = { status: 'ACTIVE' as const, expiresAt: '2026-12-31', balance: 500 };
  it('says why a card is refused, blocked first', () => {
    expect(shownStatus(card, '2026-12-05')).toBe('ACTIVE');
    expect(shownStatus({ ...card, status: 'BLOCKED' }, '2027-01-01')).toBe('BLOCKED');
    expect(shownStatus(card, '2027-01-01')).toBe('EXPIRED');
    expect(shownStatus({ ...card, balance: 0 }, '2026-12-05')).toBe('EMPTY');
  });
  it('keeps a card usable through its last date, and one without expiry for ever', () => {
    expect(shownStatus(card, '2026-12-31')).toBe('ACTIVE');
    expect(shownStatus({ ...card, expiresAt: null }, '2099-01-01')).toBe('ACTIVE');
  });
});
