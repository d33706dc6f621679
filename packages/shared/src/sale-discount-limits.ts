/**
 * How large a sale's discounts are, as a member's maximum reads them (product.md §2: `DISCOUNT`
 * "up to `maxDiscount` basis points of a line or cart"). Each line's own discount is measured
 * against that line's gross, and the cart discount against the cart's gross after the line
 * discounts (the amount it was worked out on, sale-pricing.ts `priceSale`). Each is a discount of
 * its own: a sale is within a maximum only when every one of them is, so one line at 100% in a
 * large cart is a 100% discount, not a small share of the sale.
 */

/** What the measure reads of a priced sale (`SalePricing` has these). */
export interface SaleDiscountFigures {
  lines: readonly { gross: number; lineDiscount: number }[];
  gross: number;
  lineDiscounts: number;
  cartDiscount: number;
}

/**
 * `amount` off `base` in basis points: the smallest whole basis points whose percent discount on
 * `base` comes to `amount` (a percent rounds half up to minor units, `discountAmount`). A percent
 * discount therefore never reads as more than was given (10% of 335 is 34, and 34 off 335 reads
 * 1000, though 34 / 335 is 10.15%), and an amount reads as within a maximum exactly when that
 * maximum's percent would have taken off as much. 0 when nothing is taken off.
 */
export function discountBasisPointsOf(amount: number, base: number): number {
  if (amount <= 0 || base <= 0) return 0;
  // base × p / 10000 ≥ amount − ½, that is p ≥ (2 × amount − 1) × 5000 / base, rounded up.
  const numerator = (2n * BigInt(amount) - 1n) * 5000n;
  const b = BigInt(base);
  return Number((numerator + b - 1n) / b);
}

/**
 * The largest of a sale's discounts in basis points (each line's of its gross, the cart's of the
 * gross after line discounts): above a member's maximum, the sale needs `DISCOUNT` approval. One
 * figure for the server, which refuses by it, and the till, which asks for an approval by it.
 */
export function largestDiscountBasisPoints(figures: SaleDiscountFigures): number {
  const cart = discountBasisPointsOf(figures.cartDiscount, figures.gross - figures.lineDiscounts);
  return figures.lines.reduce((largest, l) => Math.max(largest, discountBasisPointsOf(l.lineDiscount, l.gross)), cart);
}
