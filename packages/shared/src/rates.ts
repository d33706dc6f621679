import { z } from 'zod';
import { currencySchema } from './validation.ts';

export const RATE_SOURCES = ['MANUAL'] as const;

/**
 * An exchange rate (product.md §4): how many `quote` one `base` buys on `date`, as decimal text so
 * no floating-point value ever carries money. `source` is MANUAL or the feed's name.
 */
export const ExchangeRateSchema = z.object({
  base: currencySchema,
  quote: currencySchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  rate: z.string().regex(/^\d{1,12}(\.\d{1,12})?$/),
  source: z.string(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

/** What the session keeps of the current store's main → second currency rate (original.md §3). */
export const SessionExchangeRateSchema = ExchangeRateSchema.pick({ rate: true });
export type SessionExchangeRate = z.infer<typeof SessionExchangeRateSchema>;
