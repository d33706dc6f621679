import { z } from 'zod';
import { PRODUCT_UNITS } from './units.ts';

/*
 * Reports by item and by variant (issue 44, product.md §5 "Variants": reports roll up by item).
 * Sales come from the statistics aggregates (net of refunds, refunds counted when made), stock from
 * the variants' current quantity. Money is integer minor units of the store's main currency; cost
 * and profit are null for a member who may not see costs.
 */

/** A period of local dates, as the statistics' (statistics.ts imports this file: no import back). */
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-01-31');
const StatisticRangeQuerySchema = z.object({ from: dateText, to: dateText });

export const ITEM_REPORT_LEVELS = ['item', 'variant'] as const;
export type ItemReportLevel = (typeof ITEM_REPORT_LEVELS)[number];

const top = z
  .string()
  .regex(/^\d{1,4}$/, 'Must be a whole number from 1 to 1000')
  .transform(Number)
  .pipe(z.number().min(1, 'Must be a whole number from 1 to 1000').max(1000, 'Must be a whole number from 1 to 1000'));
const level = z.enum(ITEM_REPORT_LEVELS, { error: 'Must be item or variant' });

/** `GET /shop/statistic/items?from&to&by&top`: the period's sales by item (default) or by variant, highest revenue first. */
export const ItemSalesQuerySchema = StatisticRangeQuerySchema.extend({
  by: level.optional(),
  top: top.optional(),
});
export type ItemSalesQuery = z.input<typeof ItemSalesQuerySchema>;

const int = z.number().int();

/** What names a report row: an item (variant fields null) or one of its variants. */
const rowIdentity = {
  itemId: z.string(),
  /** The variant's id and barcode; null on an item's row. */
  productId: z.string().nullable(),
  code: z.string().nullable(),
  /** The item's name, or the variant's ("T-shirt (M, Red)"). */
  name: z.string(),
  /** The variant's option values; [] on an item's row and for a product without options. */
  optionValues: z.array(z.string()),
  /** Variants the row covers: 1 for a variant. */
  variantCount: int,
  /** The unit of a weighed or measured variant (quantities in thousandths); absent for pieces. */
  unit: z.enum(PRODUCT_UNITS).optional(),
};

export const ItemSalesRowSchema = z.object({
  ...rowIdentity,
  /** Net quantity sold (sold minus refunded). */
  quantity: int,
  refundedQuantity: int,
  /** Net revenue before tax, as the statistics' products. */
  revenue: int,
  cost: int.nullable(),
  profit: int.nullable(),
});
export type ItemSalesRow = z.infer<typeof ItemSalesRowSchema>;

export const ItemSalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(ITEM_REPORT_LEVELS),
  currency: z.string(),
  rows: z.array(ItemSalesRowSchema),
  /** Rows of the period beyond `top` (not listed). */
  more: int,
});
export type ItemSalesReport = z.infer<typeof ItemSalesReportSchema>;

/** `GET /shop/statistic/item-stock?by&lowStock&top`: stock value by item or variant, highest value at price first. */
export const ItemStockQuerySchema = z.object({
  by: level.optional(),
  /** `true`: only rows with a variant at or below its reorder level. */
  lowStock: z.enum(['true', 'false'], { error: 'lowStock must be true or false' }).optional(),
  top: top.optional(),
});
export type ItemStockQuery = z.input<typeof ItemStockQuerySchema>;

export const ItemStockRowSchema = z.object({
  ...rowIdentity,
  /** Stock on hand (a variant's own; an item's: the sum of its variants'). */
  quantity: int,
  /** Stock value (negative stock counts as none): at cost (null without seesCost) and at price. */
  valueAtCost: int.nullable(),
  valueAtPrice: int,
  /** A variant's reorder level (null: none); an item's lowest. */
  reorderLevel: int.nullable(),
  /** Variants at or below their reorder level. */
  lowStockVariants: int,
});
export type ItemStockRow = z.infer<typeof ItemStockRowSchema>;

export const ItemStockReportSchema = z.object({
  by: z.enum(ITEM_REPORT_LEVELS),
  currency: z.string(),
  rows: z.array(ItemStockRowSchema),
  more: int,
  totals: z.object({ valueAtCost: int.nullable(), valueAtPrice: int, lowStockVariants: int }),
});
export type ItemStockReport = z.infer<typeof ItemStockReportSchema>;

/** `GET /item/{id}/grid?from&to`: an item's sales and stock by option 1 × option 2. */
export const ItemGridQuerySchema = StatisticRangeQuerySchema;
export type ItemGridQuery = z.infer<typeof ItemGridQuerySchema>;

const gridFigures = { quantity: int, soldQuantity: int, revenue: int };

/** One variant in the grid, at its option 1 value (`row`) and option 2 value (`column`). */
export const ItemGridCellSchema = z.object({
  row: int,
  column: int,
  variantId: z.string(),
  code: z.string(),
  /** All its option values (a third option's value tells variants of one cell apart). */
  optionValues: z.array(z.string()),
  /** Stock on hand now. */
  quantity: int,
  /** Net quantity sold in the period, and its revenue. */
  soldQuantity: int,
  revenue: int,
  retired: z.boolean(),
});
export type ItemGridCell = z.infer<typeof ItemGridCellSchema>;

export const ItemGridSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** The option names on each axis; null when the item has no such option. */
  rowOption: z.string().nullable(),
  columnOption: z.string().nullable(),
  /** Option 1's values (rows) and option 2's (columns), in the item's order; [""] for a missing axis. */
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  cells: z.array(ItemGridCellSchema),
  rowTotals: z.array(z.object(gridFigures)),
  columnTotals: z.array(z.object(gridFigures)),
  total: z.object(gridFigures),
});
export type ItemGrid = z.infer<typeof ItemGridSchema>;
