import { CURRENCIES, minorToDecimalText, type CurrencyCode } from '@shopdesk/shared';

/**
 * An example amount for a hint or an error ("e.g. 4.50"), in `currency`'s own form: `cents` is
 * the example in hundredths of a two-decimal currency, so 450 reads 4.50 in USD, 4.500 in KWD and
 * 450 in JPY (a yen amount is about a hundred times a dollar one, and has no decimals).
 */
export function amountExample(currency: CurrencyCode, cents: number): string {
  const exponent = CURRENCIES[currency].exponent;
  if (exponent === 0) return String(cents);
  return minorToDecimalText(cents * 10 ** (exponent - 2), currency);
}
