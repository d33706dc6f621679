import { CURRENCIES, type CurrencyCode } from './currencies.ts';

/**
 * Money is an integer of minor units everywhere (product.md §3). These two functions are the only
 * places where decimal text and integers meet.
 */
/** What was wrong with a typed amount, so a form can say it in the user's language. */
export type MoneyParseProblem = 'notANumber' | 'negative' | 'decimals' | 'tooLarge';

export class MoneyParseError extends Error {
  constructor(
    message: string,
    readonly problem: MoneyParseProblem = 'notANumber',
    /** A well-typed amount of the currency, for the message: `4.50`, `500`, `4.500`. */
    readonly example = '',
  ) {
    super(message);
  }
}

/** An amount as people type it in `currency`: `4.50` (2 decimals), `500` (none), `4.500` (3). */
export function moneyExample(currency: CurrencyCode): string {
  const exponent = CURRENCIES[currency].exponent;
  return exponent === 0 ? '500' : `4.${'50'.padEnd(exponent, '0')}`;
}

const MINUS = /[-−‐-―﹣－]/;
const CURRENCY_MARK = /^\p{Sc}|\p{Sc}$/u;
const TYPED_AMOUNT = /^(?:\d*|\d{1,3}(?:,\d{3})+)(?:\.\d*)?$/;

/**
 * Parses what a person types in a money field into minor units, without floating-point
 * arithmetic. Read as the person meant it or refused with a reason, never changed silently:
 * full-width digits are read as digits, the currency's sign or code (or 円 for yen) and spaces
 * around the number are dropped, commas only as thousands separators in groups of three; a minus
 * sign is refused (not stripped), so are letters, a decimal comma and more decimals than the
 * currency has. Files and API input use `parseMoneyStrict` instead.
 */
export function parseMoney(text: string, currency: CurrencyCode): number {
  const { code, sign, exponent } = CURRENCIES[currency];
  const example = moneyExample(currency);
  let amount = text.normalize('NFKC').trim();
  if (MINUS.test(amount)) {
    throw new MoneyParseError('Must not be negative: enter the amount without a minus sign', 'negative', example);
  }
  for (const mark of [code, sign, ...(currency === 'JPY' ? ['円'] : [])]) {
    if (amount.startsWith(mark)) amount = amount.slice(mark.length);
    if (amount.endsWith(mark)) amount = amount.slice(0, -mark.length);
    amount = amount.trim();
  }
  amount = amount.replace(CURRENCY_MARK, '').trim();
  if (!/\d/.test(amount) || !TYPED_AMOUNT.test(amount)) {
    throw new MoneyParseError(`Enter an amount in digits, like ${example}`, 'notANumber', example);
  }
  const [whole = '', fraction = ''] = amount.replace(/,/g, '').split('.');
  if (fraction.length > exponent) {
    throw new MoneyParseError(
      exponent === 0 ? `${currency} has no decimals` : `${currency} has at most ${exponent} decimals`,
      'decimals',
      example,
    );
  }
  const digits = (whole || '0') + fraction.padEnd(exponent, '0');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) throw new MoneyParseError('The amount is too large', 'tooLarge', example);
  return value;
}

const STRICT_AMOUNT = /^(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d*)?$/;

/**
 * Parses an amount from a CSV cell or an API field, where no person is there to see a lenient
 * reading go wrong (`1e999` must not become 1999.00): digits with at most one decimal point and
 * at most the currency's decimals. The currency's own sign or code in front, and comma thousands
 * separators in groups of three, are read because they cannot mean anything else; everything
 * else (exponents, letters, signs, other separators) is refused with a message for the field.
 */
export function parseMoneyStrict(text: string, currency: CurrencyCode): number {
  const { sign, code, exponent } = CURRENCIES[currency];
  let amount = text.trim();
  for (const prefix of [code, sign]) {
    if (amount.startsWith(prefix)) {
      amount = amount.slice(prefix.length).trimStart();
      break;
    }
  }
  if (amount.startsWith('-')) throw new MoneyParseError('Must not be negative');
  if (!/\d/.test(amount) || !STRICT_AMOUNT.test(amount)) {
    throw new MoneyParseError(
      exponent === 0
        ? 'Must be an amount in digits, such as 500'
        : `Must be an amount in digits with a decimal point, such as 12.${'5'.padEnd(exponent, '0')}`,
    );
  }
  return parseMoney(amount.replace(/,/g, ''), currency);
}

/** Formats minor units for display with Intl, in the currency's locale unless one is given. */
export function formatMoney(minor: number, currency: CurrencyCode, locale?: string): string {
  const details = CURRENCIES[currency];
  const major = minor / 10 ** details.exponent;
  return new Intl.NumberFormat(locale ?? details.locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: details.exponent,
    maximumFractionDigits: details.exponent,
  }).format(major);
}

/**
 * Minor units as plain decimal text in the currency's exponent, without grouping or symbol
 * (USD 1999 → "19.99", JPY 500 → "500", KWD 1250 → "1.250"): the form CSV files carry, and the
 * exact inverse of `parseMoney` for non-negative amounts. Integer arithmetic only.
 */
export function minorToDecimalText(minor: number, currency: CurrencyCode): string {
  const exponent = CURRENCIES[currency].exponent;
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor)));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}
