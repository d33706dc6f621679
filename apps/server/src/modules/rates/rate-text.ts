import { divideRounded, parseRate, type Ratio } from '@shopdesk/shared';

/**
 * Rate arithmetic on decimal text, exact until the one final rounding to 12 decimals (the most
 * `ExchangeRate.rate` carries), so a derived rate never passes through a floating-point value.
 */

const DECIMALS = 12n;
const SCALE = 10n ** DECIMALS;

/** A ratio as rate text, half up to 12 decimals; null when it rounds to zero or has over 12 whole digits. */
export function ratioToRateText(ratio: Ratio): string | null {
  const scaled = divideRounded(ratio.numerator * SCALE, ratio.denominator, 'HALF_UP');
  if (scaled === 0n) return null;
  const whole = scaled / SCALE;
  if (whole >= SCALE) return null;
  const fraction = (scaled % SCALE).toString().padStart(Number(DECIMALS), '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

function ratio(text: string): Ratio {
  const r = parseRate(text);
  if (!r) throw new RangeError(`not a rate: ${text}`);
  return r;
}

/** a × b, e.g. EUR→USD × USD→AED (a peg) = EUR→AED. */
export function multiplyRates(a: string, b: string): string | null {
  const x = ratio(a);
  const y = ratio(b);
  return ratioToRateText({ numerator: x.numerator * y.numerator, denominator: x.denominator * y.denominator });
}

/** The cross rate base → quote from two rates of a common currency: (common→quote) / (common→base). */
export function crossRate(commonToBase: string, commonToQuote: string): string | null {
  const b = ratio(commonToBase);
  const q = ratio(commonToQuote);
  return ratioToRateText({ numerator: q.numerator * b.denominator, denominator: q.denominator * b.numerator });
}
