import type { LoyaltySettings } from '@shopdesk/shared';

/**
 * The earn rate as the owner reads and types it, and as it is stored (basis points of the minor
 * units paid: 100 = 1 point per 100 minor units). Two readings: `per100`, points for every 100 of
 * the main currency (¥100 → 1 point), and `percent`, the share of the amount paid returned as
 * points (1%). Integer arithmetic on the typed digits, so 1.5 is 150, never 149.99….
 */
export type EarnRateMode = 'per100' | 'percent';

const DECIMAL = /^(\d{1,9})(?:[.,](\d{1,6}))?$/;

/** Digits over a power of ten: "1.25" → 125 / 10^2. */
function readDecimal(text: string): { digits: number; scale: number } | null {
  const m = DECIMAL.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return null;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return { digits: Number(m[1] + fraction), scale: fraction.length };
}

/** Stored basis points per unit typed, as a fraction num / 10^den. */
function factor(mode: EarnRateMode, exponent: number): { mul: number; pow: number } {
  // percent: 1% = 100 bp. per100: p points per 100 main units = p / (100 × 10^e) per minor unit
  // = p × 10000 / (100 × 10^e) bp = p × 100 / 10^e bp.
  return mode === 'percent' ? { mul: 100, pow: 0 } : { mul: 100, pow: exponent };
}

/** Basis points for the typed rate, or null when it is not a number or not a whole basis point in 0–10000. */
export function parseEarnRate(text: string, mode: EarnRateMode, exponent: number): number | null {
  const read = readDecimal(text);
  if (!read) return null;
  const { mul, pow } = factor(mode, exponent);
  const numerator = read.digits * mul;
  const denominator = 10 ** (read.scale + pow);
  if (numerator % denominator !== 0) return null;
  const rate = numerator / denominator;
  return rate <= 10_000 ? rate : null;
}

/** The stored rate as the owner reads it in `mode`: 100 bp → "1" (either way, for yen). */
export function earnRateText(rate: number, mode: EarnRateMode, exponent: number): string {
  const { mul, pow } = factor(mode, exponent);
  // value = rate × 10^pow / mul, written without floating-point noise.
  const scaled = rate * 10 ** pow; // over mul (100): two decimals at most
  const whole = Math.trunc(scaled / mul);
  const fraction = String(scaled % mul)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The settings page's example: what a round sale earns and what a round number of points takes
 * off, in minor units. The sale is 1,000 of the main currency (¥1,000, $1,000.00); the points are
 * 100, or the minimum to redeem when that is more.
 */
export function loyaltyExample(
  settings: Pick<LoyaltySettings, 'earnRate' | 'pointValue' | 'minRedeem'>,
  exponent: number,
) {
  const sale = 1000 * 10 ** exponent;
  const earned = Math.floor((sale * settings.earnRate) / 10_000);
  const points = Math.max(100, settings.minRedeem);
  return { sale, earned, points, discount: points * settings.pointValue };
}
