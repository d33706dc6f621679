import { z } from 'zod';
import { windowSchema } from './products.ts';
import { ItemSalesRowSchema } from './item-reports.ts';
import { PRODUCT_UNITS } from './units.ts';
import { PaymentMethodLabelSchema } from './payment-methods.ts';
import { TENDER_METHODS } from './sale-payment.ts';

/**
 * Sales reports (product.md §4 Statistic, §5, §6): completed sales and refunds bucketed by hour, day
 * or month in the store's timezone. A refund counts in the period in which it was made, so a period
 * shows its gross sales and its refunds side by side. Money is integer minor units of the store's
 * main currency:
 * - grossSales: what the period's sales came to (their totals, tax included);
 * - refunds: the money given back in the period; netSales = grossSales − refunds;
 * - taxes: tax of the sales minus tax of the refunds; revenue = netSales − taxes (the shop's own);
 * - cost: units sold × their cost when sold, minus units refunded × that same cost; profit = revenue − cost.
 */

export const STATISTIC_GROUPS = ['hour', 'day', 'month'] as const;
export type StatisticGroup = (typeof STATISTIC_GROUPS)[number];

/** Reports cover at most this many days (three years and a day). */
export const MAX_STATISTIC_DAYS = 1_097;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31');

export const StatisticRangeQuerySchema = z.object({ from: dateText, to: dateText });

export const StatisticWindowQuerySchema = StatisticRangeQuerySchema.extend({
  groupBy: z.enum(STATISTIC_GROUPS, { error: 'Must be hour, day or month' }).optional(),
});
export type StatisticWindowQuery = z.infer<typeof StatisticWindowQuerySchema>;

export const StatisticSummaryQuerySchema = StatisticRangeQuerySchema.extend({
  top: z
    .string()
    .regex(/^\d{1,2}$/, 'Must be a whole number from 1 to 50')
    .transform(Number)
    .pipe(z.number().min(1, 'Must be a whole number from 1 to 50').max(50, 'Must be a whole number from 1 to 50'))
    .optional(),
});
export type StatisticSummaryQuery = z.input<typeof StatisticSummaryQuerySchema>;

const int = z.number().int();

/** The figures of a period (or of a whole range, in the summary's totals). */
export const StatisticFiguresSchema = z.object({
  transactionCount: int,
  refundCount: int,
  itemsSold: int,
  itemsRefunded: int,
  grossSales: int,
  refunds: int,
  netSales: int,
  discounts: int,
  taxes: int,
  revenue: int,
  cost: int,
  profit: int,
});
export type StatisticFigures = z.infer<typeof StatisticFiguresSchema>;

/** One period: `YYYY-MM-DDTHH` (hour), `YYYY-MM-DD` (day) or `YYYY-MM` (month), in the store's timezone. */
export const StatisticSchema = StatisticFiguresSchema.extend({ period: z.string() });
export type Statistic = z.infer<typeof StatisticSchema>;

/** Periods that had a sale or a refund, oldest first; periods without any are left out. */
export const StatisticWindowSchema = windowSchema(StatisticSchema);
export type StatisticWindow = z.infer<typeof StatisticWindowSchema>;

export const StatisticTotalsSchema = StatisticFiguresSchema.extend({
  /** grossSales / transactionCount, rounded half up; 0 without sales. */
  averageBasket: int,
});
export type StatisticTotals = z.infer<typeof StatisticTotalsSchema>;

/** A product's figures over the range; open-price lines are grouped by name (productId null). */
export const TopProductSchema = z.object({
  productId: z.string().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  /** Pieces, or thousandths of `unit` for a weighed product. */
  quantity: int,
  refundedQuantity: int,
  revenue: int,
  cost: int,
  profit: int,
  /** The product's unit when it is weighed or measured (KG, L, M); absent for pieces and open-price lines. */
  unit: z.enum(PRODUCT_UNITS).optional(),
});
export type TopProduct = z.infer<typeof TopProductSchema>;

/** Money taken and given back per tender method and currency (`taken`/`refunded` in that currency). */
export const TenderStatisticSchema = PaymentMethodLabelSchema.extend({
  /** The kind the settlement knows (cash gives change); the row is per `methodId`. */
  method: z.enum(TENDER_METHODS),
  currency: z.string(),
  salesCount: int,
  refundCount: int,
  taken: int,
  takenInMain: int,
  refunded: int,
  refundedInMain: int,
});
export type TenderStatistic = z.infer<typeof TenderStatisticSchema>;

export const StatisticSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.string(),
  totals: StatisticTotalsSchema,
  topProducts: z.object({
    byQuantity: z.array(TopProductSchema),
    byRevenue: z.array(TopProductSchema),
    byProfit: z.array(TopProductSchema),
  }),
  /** The best items by revenue (a product without options is an item of its own): top products rolled up by item. */
  topItems: z.array(ItemSalesRowSchema).default([]),
  tenders: z.array(TenderStatisticSchema),
});
export type StatisticSummary = z.infer<typeof StatisticSummarySchema>;

/** Integer division rounded half up, for averages of minor units (no floating point on money). */
export function averageHalfUp(sum: number, count: number): number {
  if (count <= 0) return 0;
  const s = BigInt(sum);
  const c = BigInt(count);
  let q = s / c;
  let r = s % c;
  if (r < 0n) {
    q -= 1n;
    r += c;
  }
  return Number(r * 2n >= c ? q + 1n : q);
}
