import { z } from 'zod';
import { TAX_CALCULATIONS, TAX_ROUNDINGS } from './sale-pricing.ts';

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
