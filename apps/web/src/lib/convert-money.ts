import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

/**
 * Converts minor units of `from` into minor units of `to` at `rate` (a decimal string: units of
 * `to` per unit of `from`), rounding half away from zero. Integer arithmetic only (product.md §3).
 */
export function convertMinor(minor: number, from: CurrencyCode, to: CurrencyCode, rate: string): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) return null;
  const decimals = m[2]?.length ?? 0;
  const rateScaled = BigInt(`${m[1]}${m[2] ?? ''}`);
  const shift = CURRENCIES[to].exponent - CURRENCIES[from].exponent - decimals;
  let numerator = BigInt(Math.abs(minor)) * rateScaled;
  let denominator = 1n;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator = 10n ** BigInt(-shift);
  const rounded = (numerator * 2n + denominator) / (denominator * 2n);
  const value = Number(rounded);
  return minor < 0 ? -value : value;
}
