import { z } from 'zod';

/**
 * The customers report (issue 42, product.md §5 "Customers and points"): for a period of store days,
 * sales by customer with the top customers first, new versus returning customers, and the points
 * liability. Read from the sales, refunds and the points ledger themselves (the statistics
 * aggregates keep no customer), so a period is bounded like the exceptions report's.
 */

/** The longest period one customers report (or its CSV) covers: a year, leap day included. */
export const MAX_CUSTOMER_REPORT_DAYS = 366;
/** Top customers the JSON lists by default, and at most; the CSV lists every customer of the period. */
export const DEFAULT_TOP_CUSTOMERS = 20;
export const MAX_TOP_CUSTOMERS = 100;

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31');

/** `?from&to`: days in the store's time zone, both included; `top`: how many customers to list. */
export const CustomerReportQuerySchema = z.object({
  from: dateText,
  to: dateText,
  top: z.coerce.number().int().min(1).max(MAX_TOP_CUSTOMERS).default(DEFAULT_TOP_CUSTOMERS),
});
export type CustomerReportQuery = z.input<typeof CustomerReportQuerySchema>;
/** The CSV's query: the period only (it lists every customer). */
export const CustomerReportCsvQuerySchema = z.object({ from: dateText, to: dateText });
export type CustomerReportCsvQuery = z.infer<typeof CustomerReportCsvQuerySchema>;

/**
 * One customer's figures over the period: their completed sales of the period (count, sum of
 * totals) and the refunds made in the period of any of their sales; `net` = total − refunded.
 * A customer with only a refund in the period is listed with 0 sales, so the rows add up to the
 * period's net sales to customers.
 */
export const CustomerSalesSchema = z.object({
  customerId: z.string(),
  /** The member code and name as they are now ('' once anonymised: such sales are unlinked anyway). */
  code: z.string(),
  name: z.string(),
  salesCount: z.number().int(),
  total: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
  /** Their first completed sale ever falls in the period (false for a refund-only row). */
  newInPeriod: z.boolean(),
});
export type CustomerSales = z.infer<typeof CustomerSalesSchema>;

/** A group of the period's completed sales: how many customers, sales and their totals (refunds not taken off). */
export const CustomerGroupSchema = z.object({
  customers: z.number().int(),
  salesCount: z.number().int(),
  total: z.number().int(),
});
export type CustomerGroup = z.infer<typeof CustomerGroupSchema>;

/**
 * The points ledger over the period. `outstanding`: the points customers (not anonymised by the
 * end of the period) held at its end, the sum of their ledger entries up to then; `liability` =
 * outstanding × `pointValue` (the store's value of a point now, minor units of the main currency).
 * The movements are the sums of the period's entries per kind, signed as the ledger keeps them:
 * earned positive, redeemed and expired negative, reversed (a refund: earned points taken back,
 * used points returned) and adjusted either way.
 */
export const PointsLiabilitySchema = z.object({
  enabled: z.boolean(),
  pointValue: z.number().int(),
  outstanding: z.number().int(),
  liability: z.number().int(),
  /** Customers holding a positive balance at the end of the period. */
  holders: z.number().int(),
  earned: z.number().int(),
  redeemed: z.number().int(),
  reversed: z.number().int(),
  adjusted: z.number().int(),
  expired: z.number().int(),
});
export type PointsLiability = z.infer<typeof PointsLiabilitySchema>;

export const CustomerReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Customers with a sale or a refund in the period. */
  customerCount: z.number().int(),
  /** The first `top` of them by net, highest first (ties by member code). */
  topCustomers: z.array(CustomerSalesSchema),
  /**
   * Customers with a completed sale in the period: `new` when their first completed sale ever is
   * in the period, `returning` when they had one before it; `anonymous`: sales without a customer
   * (its `customers` is 0).
   */
  newCustomers: CustomerGroupSchema,
  returningCustomers: CustomerGroupSchema,
  anonymous: CustomerGroupSchema,
  points: PointsLiabilitySchema,
});
export type CustomerReport = z.infer<typeof CustomerReportSchema>;

/**
 * The CSV export's header: every customer of the period, highest net first; amounts as decimal text;
 * `customer_type` NEW or RETURNING.
 */
export const CUSTOMER_REPORT_CSV_COLUMNS = [
  'member_code',
  'name',
  'sales',
  'total',
  'refunded',
  'net',
  'customer_type',
] as const;
