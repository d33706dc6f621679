import { CASH_DENOMINATIONS, type CurrencyCode, type DenominationCount } from '@shopdesk/shared';

/** What the cashier has counted so far: per currency, per denomination (minor units), how many. */
export type CountState = Record<string, Record<number, number>>;

/** The largest count of one note or coin the API takes. */
export const MAX_PIECES = 1_000_000;

/** A typed count: the whole number it starts with, at most MAX_PIECES; anything else counts as 0. */
export function parseCount(text: string): number {
  const digits = /^\d+/.exec(text.trim())?.[0];
  return digits ? Math.min(MAX_PIECES, Number(digits)) : 0;
}

export function totalOf(state: CountState, currency: CurrencyCode): number {
  return CASH_DENOMINATIONS[currency].reduce((sum, d) => sum + d.value * (state[currency]?.[d.value] ?? 0), 0);
}

/** The close body's counts: every currency of the till, zero counts left out. */
export function countsBody(state: CountState, currencies: CurrencyCode[]) {
  return currencies.map((currency) => ({
    currency,
    denominations: CASH_DENOMINATIONS[currency].flatMap((d): DenominationCount[] => {
      const count = state[currency]?.[d.value] ?? 0;
      return count > 0 ? [{ value: d.value, count }] : [];
    }),
  }));
}
