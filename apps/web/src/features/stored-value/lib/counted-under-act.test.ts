import { describe, expect, it } from 'vitest';
import type { StoredValueLiability } from '@shopdesk/shared';
import { countedUnderAct } from './counted-under-act.ts';

const base: StoredValueLiability = {
  at: '2026-12-05',
  currency: 'JPY',
  giftCards: { count: 2, balance: 8_016_500 },
  storeCredit: { count: 0, balance: 0 },
  total: 8_016_500,
  threshold: 10_000_000,
  thresholdBp: 8016,
  warning: true,
  referenceDates: [],
  shortLivedTotal: 16_500,
};

describe('countedUnderAct', () => {
  it('leaves six-month cards out of what is set against the threshold', () => {
    expect(countedUnderAct(base)).toEqual({ counted: 8_000_000, bp: 8000, warning: true });
  });
  it('warns no store whose cards all expire within six months', () => {
    expect(countedUnderAct({ ...base, shortLivedTotal: 8_016_500 })).toEqual({ counted: 0, bp: 0, warning: false });
  });
  it('has nothing to count against without a threshold', () => {
    expect(countedUnderAct({ ...base, threshold: null })).toMatchObject({ bp: 0, warning: false });
  });
});
