import { CURRENCIES, type CurrencyCode } from './currencies.ts';

/**
 * Currency conversion in integer arithmetic (product.md §3: no floating point on money). A rate is
 * decimal text, "units of `quote` per unit of `base`" (ExchangeRate.rate), read into an exact
 * fraction; amounts are minor units and the currencies' exponents are part of the fraction, so
 * JPY (0 decimals) → KWD (3 decimals) is as exact as USD → EUR.
 */

/** How a conversion that does not land on a whole minor unit is settled. */
export type Rounding = 'HALF_UP' | 'FLOOR' | 'CEIL';

/** An exact rate `numerator / denominator`, both positive. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** Reads a rate's decimal text into an exact fraction; null for anything else or for zero. */
export function parseRate(rate: string): Ratio | null {
  const m = RATE_TEXT.exec(rate.trim());
  if (!m) return null;
  const decimals = m[2]?.length ?? 0;
  const numerator = BigInt(`${m[1]}${m[2] ?? ''}`);
  if (numerator === 0n) return null;
  return { numerator, denominator: 10n ** BigInt(decimals) };
}

/** The rate the other way round (quote → base). */
export function invertRatio(ratio: Ratio): Ratio {
  return { numerator: ratio.denominator, denominator: ratio.numerator };
}

/**
 * The rate the other way round as decimal text (`0.0065` → `153.846153846154`), rounded half up
 * to `decimals` places without trailing zeros: a Japanese owner thinks "1 USD = 153 JPY" where the
 * store's rate is JPY → USD. Null when the rate is not a decimal or the inverse rounds to zero or
 * is too large for a rate.
 */
export function invertRateText(rate: string, decimals = 12): string | null {
  const ratio = parseRate(rate);
  if (!ratio) return null;
  const scaled = divideRounded(ratio.denominator * 10n ** BigInt(decimals), ratio.numerator, 'HALF_UP');
  if (scaled === 0n) return null;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  if (whole.length > 12) return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** `value / divisor`: HALF_UP rounds half away from zero; FLOOR and CEIL round towards −∞ and +∞. */
export function divideRounded(value: bigint, divisor: bigint, rounding: Rounding): bigint {
  if (divisor <= 0n) throw new RangeError('divisor must be positive');
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  let quotient = magnitude / divisor;
  const remainder = magnitude % divisor;
  if (remainder !== 0n) {
    const up = rounding === 'HALF_UP' ? remainder * 2n >= divisor : rounding === 'CEIL' ? !negative : negative;
    if (up) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/**
 * Minor units of `from` → minor units of `to` at `ratio` (units of `to` per unit of `from`).
 * FLOOR and CEIL let a caller decide who a leftover fraction favours: a payment received in a
 * foreign currency counts at most what it is worth (FLOOR), an amount asked of a customer in a
 * foreign currency is at least what is due (CEIL).
 */
export function convertAmount(
  minor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  ratio: Ratio,
  rounding: Rounding = 'HALF_UP',
): number {
  const shift = CURRENCIES[to].exponent - CURRENCIES[from].exponent;
  let numerator = BigInt(minor) * ratio.numerator;
  let denominator = ratio.denominator;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const result = divideRounded(numerator, denominator, rounding);
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('converted amount is too large');
  }
  return Number(result);
}

/**
 * What a main-currency amount is in another currency, as shown and as asked of a customer: rounded
 * up, so paying the figure shown never leaves the shop short (¥5,599 at 0.0065 is $36.40, not
 * $36.39). The one rule for every such figure, so they all agree: the cart's total, the payment
 * dialog, price hints, receipts and the server's settlement. `rate` is units of `to` per unit of
 * `from`, as a Ratio or as decimal text (null for text that is not a rate).
 */
export function amountInCurrency(minor: number, from: CurrencyCode, to: CurrencyCode, rate: Ratio): number;
export function amountInCurrency(minor: number, from: CurrencyCode, to: CurrencyCode, rate: string): number | null;
export function amountInCurrency(
  minor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: Ratio | string,
): number | null {
  if (from === to) return minor;
  const ratio = typeof rate === 'string' ? parseRate(rate) : rate;
  return ratio ? convertAmount(minor, from, to, ratio, 'CEIL') : null;
}

/**
 * Converts minor units of `from` into minor units of `to` at `rate` (decimal text: units of `to`
 * per unit of `from`), rounding half away from zero; null when the rate is not a decimal. For a
 * price or total shown in the second currency use `amountInCurrency`.
 */
export function convertMinor(minor: number, from: CurrencyCode, to: CurrencyCode, rate: string): number | null {
  const ratio = parseRate(rate);
  return ratio ? convertAmount(minor, from, to, ratio) : null;
}
