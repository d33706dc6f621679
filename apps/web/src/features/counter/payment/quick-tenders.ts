import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

/**
 * The notes (and the largest everyday coins) a customer hands over, in major units, for the
 * payment dialog's quick tender buttons. Not every denomination in circulation: the ones a till
 * actually sees, so the buttons offered are the amounts people really pay with.
 */
export const COMMON_NOTES: Record<CurrencyCode, readonly number[]> = {
  USD: [1, 5, 10, 20, 50, 100],
  JPY: [1000, 5000, 10000],
  CNY: [10, 20, 50, 100],
  KRW: [1000, 5000, 10000, 50000],
  INR: [10, 20, 50, 100, 200, 500],
  AUD: [5, 10, 20, 50, 100],
  PHP: [20, 50, 100, 200, 500, 1000],
  IDR: [2000, 5000, 10000, 20000, 50000, 100000],
  MYR: [1, 5, 10, 20, 50, 100],
  EUR: [5, 10, 20, 50, 100],
  CAD: [5, 10, 20, 50, 100],
  SGD: [2, 5, 10, 50, 100],
  HKD: [10, 20, 50, 100, 500],
  NZD: [5, 10, 20, 50, 100],
  RUB: [100, 200, 500, 1000, 2000, 5000],
  AED: [5, 10, 20, 50, 100, 200],
  QAR: [1, 5, 10, 50, 100, 500],
  SAR: [5, 10, 50, 100, 500],
  GBP: [5, 10, 20, 50],
  KWD: [1, 5, 10, 20],
  BHD: [1, 5, 10, 20],
  ILS: [20, 50, 100, 200],
  NOK: [50, 100, 200, 500],
  TWD: [100, 500, 1000],
  OMR: [1, 5, 10, 20, 50],
  MOP: [10, 20, 50, 100, 500],
  CHF: [10, 20, 50, 100, 200],
  THB: [20, 50, 100, 500, 1000],
};

/** How many round-up buttons sit beside the exact amount (a phone row holds about this many). */
export const MAX_QUICK_TENDERS = 4;

/**
 * The amounts worth offering for `due` minor units of `currency`, above the exact amount: the due
 * rounded up to each denomination (13.47 → 14, 15, 20) and the notes above it (50, 100), the
 * smallest first, without repeats.
 */
export function quickTenders(due: number, currency: CurrencyCode): number[] {
  if (due <= 0) return [];
  const unit = 10 ** CURRENCIES[currency].exponent;
  const amounts = new Set<number>();
  for (const note of COMMON_NOTES[currency]) {
    const minor = note * unit;
    const roundedUp = Math.ceil(due / minor) * minor;
    if (roundedUp > due) amounts.add(roundedUp);
    if (minor > due) amounts.add(minor);
  }
  return [...amounts].sort((a, b) => a - b).slice(0, MAX_QUICK_TENDERS);
}
