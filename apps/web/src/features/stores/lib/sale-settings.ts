import {
  CURRENCIES,
  parseInvoiceNumber,
  taxRegistrationNumberProblem,
  type CurrencyCode,
  type InvoiceNumberProblem,
} from '@shopdesk/shared';

// Percent text ⇄ basis points is shared: the server reads it in CSV files, the counter and forms here.
export { basisPointsToPercent, percentToBasisPoints } from '@shopdesk/shared';
export { trimRate } from '../../../lib/rate-text.ts';

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

/** A cash amount to show what an increment does: 12.33 in the currency (¥1,233 for JPY, 12.333 for KWD). */
export function roundingExample(currency: CurrencyCode): number {
  const exponent = CURRENCIES[currency].exponent;
  return exponent === 0 ? 1233 : Number(`12${'3'.repeat(exponent)}`);
}

export type TaxNumberRead =
  { ok: true; value: string | null } | { ok: false; problem: InvoiceNumberProblem | 'FORMAT' };

/**
 * The registration number field as the API takes it: empty is none (null); a yen store's number is
 * read the way a person types it (`t 7000-0120-50002`, full-width digits) and sent normalised
 * (`T7000012050002`); another currency's is sent as written, trimmed. A refusal says why, so the
 * form can say it in the person's language.
 */
export function readTaxNumber(text: string, currency: CurrencyCode): TaxNumberRead {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (currency === 'JPY') {
    const parsed = parseInvoiceNumber(trimmed);
    return parsed.ok ? { ok: true, value: parsed.value } : parsed;
  }
  const problem = taxRegistrationNumberProblem(trimmed, currency);
  return problem ? { ok: false, problem } : { ok: true, value: trimmed };
}
