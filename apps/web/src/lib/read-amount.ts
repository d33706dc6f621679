import { CURRENCIES, type CurrencyCode } from '@shopdesk/shared';

/** Minor units of a typed amount, or null when it is not one (empty reads as zero when `emptyIsZero`). */
export function readAmount(text: string, currency: CurrencyCode, emptyIsZero = false): number | null {
  const trimmed = text.trim();
  if (!trimmed) return emptyIsZero ? 0 : null;
  const exponent = CURRENCIES[currency].exponent;
  const pattern = exponent > 0 ? new RegExp(`^\\d{1,11}(?:[.,]\\d{0,${exponent}})?$`) : /^\d{1,13}$/;
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replace(',', '.').split('.');
  return Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}
