import { describe, expect, it } from 'vitest';
import type { ExchangeRate, StoreExchangeRate } from '@shopdesk/shared';
import { sessionRateFor } from './session-rate.ts';

const usdJpy = (rate: string, source = 'ECB'): ExchangeRate => ({
  base: 'USD',
  quote: 'JPY',
  date: '2026-11-20',
  rate,
  source,
});
const answer = (effective: ExchangeRate | null): StoreExchangeRate => ({
  effective,
  manual: effective?.source === 'MANUAL' ? effective : null,
  latest: usdJpy('153.98'),
  stale: false,
});
const kiosk = { mainCurrency: 'USD', secondCurrency: 'JPY' } as const;

describe('sessionRateFor', () => {
  it("is the effective rate of the store's pair", () => {
    expect(sessionRateFor(kiosk, answer(usdJpy('153.98')))).toBe('153.98');
    expect(sessionRateFor(kiosk, answer(usdJpy('150.25', 'MANUAL')))).toBe('150.25');
  });

  it('is null without a second currency, or when no rate is known', () => {
    expect(sessionRateFor({ mainCurrency: 'USD', secondCurrency: null }, undefined)).toBeNull();
    expect(sessionRateFor(kiosk, answer(null))).toBeNull();
  });

  it('is unknown before the rate loads and while it is still the previous currencies’ rate', () => {
    expect(sessionRateFor(kiosk, undefined)).toBeUndefined();
    expect(sessionRateFor({ mainCurrency: 'USD', secondCurrency: 'EUR' }, answer(usdJpy('153.98')))).toBeUndefined();
  });
});
