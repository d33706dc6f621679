import { z } from 'zod';
import { TAX_CALCULATIONS, TAX_ROUNDINGS, type TaxCalculation, type TaxRounding } from './sale-pricing.ts';

/**
 * A store's counter settings (product.md §4), apart from the sale shapes in shop.ts: the store
 * settings screen loads this small module, not every schema of the counter.
 */

export const TAX_MODES = ['NONE', 'INCLUSIVE', 'EXCLUSIVE'] as const;

/** A rate or percentage in basis points: 1000 = 10%. */
export const basisPointsSchema = z
  .number({ error: 'Must be a whole number of basis points' })
  .int('Must be a whole number of basis points (1% = 100)')
  .min(0, 'Must not be negative')
  .max(10_000, 'Must be at most 100%');

/** `PUT /virtual-store/{urlName}/sale-settings`. */
export const SaleSettingsSchema = z.object({
  taxMode: z.enum(TAX_MODES),
  defaultTaxRate: basisPointsSchema,
  /** Cash rounding increment in main minor units; 0 = none. */
  cashRounding: z.number().int().min(0).max(100_000),
  /** Whether the store works in shifts (closing the till). Omitted: left as it is. */
  shiftsEnabled: z.boolean().optional(),
  /**
   * Tax per line or once per rate per receipt. Omitted: left as it is. A yen store with a
   * registration number is PER_RATE: the server stores PER_RATE then and refuses PER_LINE (400
   * naming this field), so the setting always says what the counter does.
   */
  taxCalculation: z.enum(TAX_CALCULATIONS).optional(),
  /** How a PER_RATE tax is rounded. Omitted: left as it is. */
  taxRounding: z.enum(TAX_ROUNDINGS).optional(),
  /**
   * The store's tax registration number, null for none. Omitted: left as it is. Its form depends
   * on the store's currency, which this body does not carry: the server checks it with
   * `taxRegistrationNumberProblem` (a yen store's is `invoiceNumberSchema`'s form).
   */
  taxRegistrationNumber: z.string().trim().max(32).nullable().optional(),
});
export type SaleSettings = z.infer<typeof SaleSettingsSchema>;

/** The tax settings a new store starts with (see startingTaxOf). */
export interface StartingTax {
  taxMode: (typeof TAX_MODES)[number];
  defaultTaxRate: number;
  taxCalculation: TaxCalculation;
  taxRounding: TaxRounding;
}

/**
 * What a new store's tax starts as, by its main currency. A yen store starts the way most shops in
 * Japan work: prices include 10% consumption tax, computed once per rate on the receipt and rounded
 * down (切り捨て; PER_RATE, since a PER_LINE tax is always half up and would not round down). Every
 * other currency starts without tax, as before, because no one rate is usual there.
 */
export function startingTaxOf(mainCurrency: string): StartingTax {
  return mainCurrency === 'JPY'
    ? { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, taxCalculation: 'PER_RATE', taxRounding: 'DOWN' }
    : { taxMode: 'NONE', defaultTaxRate: 0, taxCalculation: 'PER_LINE', taxRounding: 'HALF_UP' };
}

/** True while a store's tax is still what startingTaxOf gave a yen store (the screens say so then). */
export function hasJapaneseStartingTax(store: {
  mainCurrency: string;
  taxMode: string;
  defaultTaxRate: number;
  taxCalculation?: string | undefined;
  taxRounding?: string | undefined;
}): boolean {
  const start = startingTaxOf('JPY');
  return (
    store.mainCurrency === 'JPY' &&
    store.taxMode === start.taxMode &&
    store.defaultTaxRate === start.defaultTaxRate &&
    store.taxCalculation === start.taxCalculation &&
    store.taxRounding === start.taxRounding
  );
}
