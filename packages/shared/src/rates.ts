import { z } from 'zod';
import { currencySchema } from './validation.ts';

/**
 * Where a rate comes from: a store owner's MANUAL rate, the daily ECB reference rates, a currency
 * PEG derived from one of those, or the SNAPSHOT bundled with the app (a first rate for a new
 * install, dated, and stale by design). A cross rate built from two legs names both ("ECB+PEG").
 */
export const RATE_SOURCES = ['MANUAL', 'ECB', 'PEG', 'SNAPSHOT'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** A rate as decimal text: up to 12 digits, optionally a point and up to 12 decimals; never zero. */
export const rateTextSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'Must be a rate in digits with a decimal point, such as 150.25')
  .refine((s) => /[1-9]/.test(s), 'The rate must be more than zero');

/** A calendar date, YYYY-MM-DD, that exists. */
export const dateIdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'Must be a date that exists',
    },
  );

/**
 * An exchange rate (product.md §4): how many `quote` one `base` buys, as decimal text so no
 * floating-point value ever carries money, with the date it was published or set and its source.
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

export const ExchangeRateParamsSchema = z.object({
  mainCurrency: currencySchema,
  secondCurrency: currencySchema,
});
export const DatedExchangeRateParamsSchema = ExchangeRateParamsSchema.extend({ dateId: dateIdSchema });

/** How many days a rate may be old before the counter asks for a manual one. */
export const RATE_STALE_DAYS = 7;

/**
 * A store's main → second rate: the one sales use (`effective`: the manual rate when set, else the
 * latest imported), and both candidates, so store settings can show the manual rate beside the
 * latest imported one. All null when the store has no second currency.
 */
export const StoreExchangeRateSchema = z.object({
  effective: ExchangeRateSchema.nullable(),
  manual: ExchangeRateSchema.nullable(),
  latest: ExchangeRateSchema.nullable(),
  /** The effective rate is older than RATE_STALE_DAYS (or missing): ask for a manual rate. */
  stale: z.boolean(),
});
export type StoreExchangeRate = z.infer<typeof StoreExchangeRateSchema>;

/** Sets (`rate`) or clears (`null`) the store's manual main → second rate. */
export const SetManualRateBodySchema = z.object({ rate: rateTextSchema.nullable() });
export type SetManualRateBody = z.infer<typeof SetManualRateBodySchema>;
