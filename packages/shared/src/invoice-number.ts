import { z } from 'zod';
import type { CurrencyCode } from './currencies.ts';

/**
 * Japan's qualified invoice issuer registration number (適格請求書発行事業者登録番号, product.md §5):
 * `T` and 13 digits, the 13 digits being a corporate number (法人番号) or, for a sole trader, a
 * number the National Tax Agency assigns in the same form: the first digit checks the other 12.
 */

/**
 * The NTA's check digit of a 12-digit base: 9 − (Σ Pn × Qn mod 9), Pn the n-th digit counted from
 * the right end of the base, Qn 1 for odd n and 2 for even n (法人番号の指定等に関する省令 第二条).
 * Checked against the NTA's own number T7000012050002: base 000012050002 gives
 * 2×1 + 5×1 (n=5) + 2×1 (n=7) + 1×2 (n=8) = 11, 11 mod 9 = 2, 9 − 2 = 7, its first digit; and
 * against Toyota Motor's 1180301018771: odd places 1+7+1+1+3+8 = 21, even places 2×(7+8+0+0+0+1) = 32,
 * 53 mod 9 = 8, 9 − 8 = 1.
 */
export function corporateNumberCheckDigit(base: string): number {
  if (!/^\d{12}$/.test(base)) throw new RangeError('a corporate number base is 12 digits');
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    sum += (base.charCodeAt(12 - n) - 48) * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Why a typed registration number is refused, so a form can say it in the user's language. */
export type InvoiceNumberProblem = 'NOT_DIGITS' | 'LENGTH' | 'CHECK_DIGIT';

export type InvoiceNumberParse = { ok: true; value: string } | { ok: false; problem: InvoiceNumberProblem };

// Spaces and every dash a Japanese keyboard produces (hyphen, minus, long vowel mark ー among them).
const SEPARATORS = /[\s\-‐‑‒–—―−ー－]/gu;

/**
 * Reads a registration number as a person types it: full-width digits and `Ｔ`, a lower-case `t`,
 * spaces and hyphens are all accepted and normalised to `T1234567890123`; the 13 digits alone
 * (without the T) are accepted too, since the T carries no information. Anything else is refused
 * with a reason: other characters, the wrong number of digits, or a check digit that does not match.
 */
export function parseInvoiceNumber(text: string): InvoiceNumberParse {
  const compact = text.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
  const digits = compact.startsWith('T') ? compact.slice(1) : compact;
  if (!/^\d*$/.test(digits) || digits.length === 0) return { ok: false, problem: 'NOT_DIGITS' };
  if (digits.length !== 13) return { ok: false, problem: 'LENGTH' };
  if (corporateNumberCheckDigit(digits.slice(1)) !== Number(digits[0])) return { ok: false, problem: 'CHECK_DIGIT' };
  return { ok: true, value: `T${digits}` };
}

export function isValidInvoiceNumber(value: string): boolean {
  const parsed = parseInvoiceNumber(value);
  return parsed.ok && parsed.value === value;
}

/** The API's form only (`T` and 13 digits with a valid check digit): clients send `parseInvoiceNumber`'s value. */
export const invoiceNumberSchema = z
  .string()
  .regex(/^T\d{13}$/, 'A registration number is T and 13 digits, like T7000012050002')
  .refine(isValidInvoiceNumber, 'The check digit (the first digit after T) does not match: check for a typo');

/**
 * Why a store's `taxRegistrationNumber` is refused, or null. A yen store's is a Japanese invoice
 * number in its normalised form (the form sends `parseInvoiceNumber`'s value); product.md defines
 * no other country's, so elsewhere it is kept as the owner writes it (a VAT number, say): one
 * line of letters, digits, spaces, dots, dashes and slashes.
 */
export function taxRegistrationNumberProblem(
  value: string,
  mainCurrency: CurrencyCode,
): InvoiceNumberProblem | 'FORMAT' | null {
  if (mainCurrency !== 'JPY') return /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,31}$/.test(value) ? null : 'FORMAT';
  const parsed = parseInvoiceNumber(value);
  if (!parsed.ok) return parsed.problem;
  return parsed.value === value ? null : 'FORMAT';
}
