import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

// Percent text ⇄ basis points lives in lib/ so the counter and the product form read it the same way.
export { basisPointsToPercent, percentToBasisPoints } from '../../../lib/percent.ts';

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
