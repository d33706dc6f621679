import { CURRENCIES, type CurrencyCode } from './currencies.ts';

/**
 * The notes and coins of each supported currency that a till holds, in minor units, largest first:
 * what the cashier counts when a shift closes. Only what circulates at a counter (no $2 bill, no
 * 1,000-franc coins); where a coin and a note share a value (a $1 coin and note) it is listed once,
 * since the count is of money, not of pieces of metal or paper. IDR has an ISO exponent of 2 but no
 * coin below 100 rupiah, so its smallest entry is 10,000 minor units.
 */
export interface Denomination {
  /** Minor units of the currency. */
  value: number;
  kind: 'NOTE' | 'COIN';
}

/** Major units per kind, smallest first; converted to minor units below. */
const MAJOR: Record<CurrencyCode, { coins: readonly number[]; notes: readonly number[] }> = {
  USD: { coins: [0.01, 0.05, 0.1, 0.25, 0.5], notes: [1, 2, 5, 10, 20, 50, 100] },
  JPY: { coins: [1, 5, 10, 50, 100, 500], notes: [1000, 2000, 5000, 10000] },
  CNY: { coins: [0.1, 0.5], notes: [1, 5, 10, 20, 50, 100] },
  KRW: { coins: [10, 50, 100, 500], notes: [1000, 5000, 10000, 50000] },
  INR: { coins: [1, 2, 5], notes: [10, 20, 50, 100, 200, 500] },
  AUD: { coins: [0.05, 0.1, 0.2, 0.5, 1, 2], notes: [5, 10, 20, 50, 100] },
  PHP: { coins: [0.25, 1, 5, 10, 20], notes: [50, 100, 200, 500, 1000] },
  IDR: { coins: [100, 200, 500], notes: [1000, 2000, 5000, 10000, 20000, 50000, 100000] },
  MYR: { coins: [0.05, 0.1, 0.2, 0.5], notes: [1, 5, 10, 20, 50, 100] },
  EUR: { coins: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2], notes: [5, 10, 20, 50, 100, 200, 500] },
  CAD: { coins: [0.05, 0.1, 0.25, 1, 2], notes: [5, 10, 20, 50, 100] },
  SGD: { coins: [0.05, 0.1, 0.2, 0.5, 1], notes: [2, 5, 10, 50, 100, 1000] },
  HKD: { coins: [0.1, 0.2, 0.5, 1, 2, 5], notes: [10, 20, 50, 100, 500, 1000] },
  NZD: { coins: [0.1, 0.2, 0.5, 1, 2], notes: [5, 10, 20, 50, 100] },
  RUB: { coins: [1, 2, 5, 10], notes: [50, 100, 200, 500, 1000, 2000, 5000] },
  AED: { coins: [0.25, 0.5, 1], notes: [5, 10, 20, 50, 100, 200, 500, 1000] },
  QAR: { coins: [0.25, 0.5], notes: [1, 5, 10, 50, 100, 200, 500] },
  SAR: { coins: [0.05, 0.1, 0.25, 0.5, 1, 2], notes: [5, 10, 50, 100, 500] },
  GBP: { coins: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2], notes: [5, 10, 20, 50] },
  KWD: { coins: [0.005, 0.01, 0.02, 0.05, 0.1], notes: [0.25, 0.5, 1, 5, 10, 20] },
  BHD: { coins: [0.005, 0.01, 0.025, 0.05, 0.1], notes: [0.5, 1, 5, 10, 20] },
  ILS: { coins: [0.1, 0.5, 1, 2, 5, 10], notes: [20, 50, 100, 200] },
  NOK: { coins: [1, 5, 10, 20], notes: [50, 100, 200, 500, 1000] },
  TWD: { coins: [1, 5, 10, 50], notes: [100, 200, 500, 1000, 2000] },
  OMR: { coins: [0.005, 0.01, 0.025, 0.05], notes: [0.1, 0.5, 1, 5, 10, 20, 50] },
  MOP: { coins: [0.1, 0.2, 0.5, 1, 2, 5], notes: [10, 20, 50, 100, 500, 1000] },
  CHF: { coins: [0.05, 0.1, 0.2, 0.5, 1, 2, 5], notes: [10, 20, 50, 100, 200, 1000] },
  THB: { coins: [0.25, 0.5, 1, 2, 5, 10], notes: [20, 50, 100, 500, 1000] },
};

function toMinor(major: number, currency: CurrencyCode): number {
  // Math.round: 0.1 * 100 is 10.000000000000002 in floating point.
  return Math.round(major * 10 ** CURRENCIES[currency].exponent);
}

/** Every currency's denominations, largest first (the order a cashier counts a drawer in). */
export const CASH_DENOMINATIONS: Record<CurrencyCode, readonly Denomination[]> = Object.fromEntries(
  (Object.keys(MAJOR) as CurrencyCode[]).map((currency) => {
    const { coins, notes } = MAJOR[currency];
    const list: Denomination[] = [
      ...notes.map((n) => ({ value: toMinor(n, currency), kind: 'NOTE' as const })),
      ...coins.map((c) => ({ value: toMinor(c, currency), kind: 'COIN' as const })),
    ];
    return [currency, list.sort((a, b) => b.value - a.value)];
  }),
) as unknown as Record<CurrencyCode, readonly Denomination[]>;

/** A counted drawer: how many of each denomination (minor units) there are. */
export interface DenominationCount {
  value: number;
  count: number;
}

/** The money a count adds up to, in minor units. */
export function countedTotal(counts: readonly DenominationCount[]): number {
  return counts.reduce((sum, c) => sum + c.value * c.count, 0);
}
