import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

/**
 * Store settings show rates as percentages (10, 8.1) while the API keeps basis points (1000, 810),
 * so a tax rate is never a float on the wire. Both directions are exact: at most two decimals.
 */

const PERCENT_TEXT = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/** "10" → 1000, "8.1" → 810, "7,65" → 765; null for anything that is not 0–100 with ≤ 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const m = PERCENT_TEXT.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** 1000 → "10", 810 → "8.1", 765 → "7.65": the shortest text that reads back to the same value. */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The largest increment the API takes (SaleSettingsSchema.cashRounding). */
const MAX_ROUNDING = 100_000;

/**
 * Cash rounding increments worth offering for a currency, in its minor units, smallest first:
 * 5, 10, 50 and 100 of the smallest unit (0.05, 0.10, 0.50, 1.00 for a 2-decimal currency; ¥5,
 * ¥10, ¥50, ¥100 for JPY) and one whole unit where that is larger (1.000 KWD). `current` is kept
 * in the list when the store already uses another increment, so the choice always shows it.
 */
export function cashRoundingChoices(currency: CurrencyCode, current = 0): number[] {
  const unit = 10 ** CURRENCIES[currency].exponent;
  const choices = new Set([5, 10, 50, 100, unit].filter((v) => v > 1 && v <= MAX_ROUNDING));
  if (current > 0) choices.add(current);
  return [...choices].sort((a, b) => a - b);
}

/** A rate's decimal text without the zeros a database pads it with: "150.250000" → "150.25". */
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/** A cash amount to show what an increment does: 12.33 in the currency (¥1,233 for JPY, 12.333 for KWD). */
export function roundingExample(currency: CurrencyCode): number {
  const exponent = CURRENCIES[currency].exponent;
  return exponent === 0 ? 1233 : Number(`12${'3'.repeat(exponent)}`);
}
