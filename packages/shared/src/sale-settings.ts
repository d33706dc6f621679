import { z } from 'zod';

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
  /** Whether the store works in shifts (closing the till, issue 10). Omitted: left as it is. */
  shiftsEnabled: z.boolean().optional(),
});
export type SaleSettings = z.infer<typeof SaleSettingsSchema>;
