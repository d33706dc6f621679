import {
  TAX_CALCULATIONS,
  TAX_ROUNDINGS,
  effectiveTaxCalculation,
  type CurrencyCode,
  type TaxCalculation,
  type TaxRounding,
} from '@shopdesk/shared';
import type { ShopTransactionsTable, StoreRow } from '../../db/types.ts';

/**
 * How a sale's tax is computed: the store's settings when it is priced, the sale's own stored ones
 * afterwards, so a refund follows the sale even after the store switched.
 */
export interface SaleTaxOptions {
  calculation: TaxCalculation;
  rounding: TaxRounding;
}

function roundingOf(value: string | null | undefined): TaxRounding {
  return TAX_ROUNDINGS.includes(value as TaxRounding) ? (value as TaxRounding) : 'HALF_UP';
}

/** The store's effective calculation (a yen store with a registration number: PER_RATE) and rounding. */
export function storeTaxOptions(store: StoreRow): SaleTaxOptions {
  const stored = store.tax_calculation as TaxCalculation;
  return {
    calculation: effectiveTaxCalculation({
      mainCurrency: store.main_currency as CurrencyCode,
      taxRegistrationNumber: store.tax_registration_number ?? null,
      taxCalculation: TAX_CALCULATIONS.includes(stored) ? stored : 'PER_LINE',
    }),
    rounding: roundingOf(store.tax_rounding),
  };
}

/** A stored sale's own calculation; null columns are a sale stored before per-rate tax, priced per line. */
export function saleTaxOptions(
  header: Pick<ShopTransactionsTable, 'tax_calculation' | 'tax_rounding'>,
): SaleTaxOptions {
  return {
    calculation: header.tax_calculation === 'PER_RATE' ? 'PER_RATE' : 'PER_LINE',
    rounding: roundingOf(header.tax_rounding),
  };
}
