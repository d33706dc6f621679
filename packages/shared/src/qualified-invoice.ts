/**
 * Japan's qualified simplified invoice (適格簡易請求書, product.md §5) as far as a receipt needs it:
 * which receipts are one, and which lines carry the reduced-rate mark. No zod here: the receipt
 * builder runs in the printer's code on the web too.
 */

/** The reduced consumption tax rate (軽減税率, food and drink to take away, newspapers) in basis points. */
export const JAPAN_REDUCED_TAX_RATE = 800;

/** The mark a reduced-rate line carries; the receipt explains it (※は軽減税率対象商品). */
export const REDUCED_RATE_MARK = '※';

/**
 * Whether a receipt is a qualified simplified invoice: a yen sale by a store that had its
 * registration number on the day of the sale (the number a yen store keeps is always the Japanese one).
 */
export function isQualifiedInvoice(receipt: {
  currency: string;
  store: { registrationNumber: string | null };
}): boolean {
  return receipt.currency === 'JPY' && receipt.store.registrationNumber !== null;
}

/** Whether a line at `rate` is marked ※ on a qualified invoice. */
export function isReducedRate(rate: number): boolean {
  return rate === JAPAN_REDUCED_TAX_RATE;
}

/** Per-rate sums of refunded lines (amount includes its tax), ascending by rate. */
export function refundRateTotals(
  lines: ReadonlyArray<{ taxRate: number; amount: number; tax: number }>,
): Array<{ rate: number; total: number; tax: number }> {
  const byRate = new Map<number, { rate: number; total: number; tax: number }>();
  for (const l of lines) {
    const group = byRate.get(l.taxRate) ?? { rate: l.taxRate, total: 0, tax: 0 };
    group.total += l.amount;
    group.tax += l.tax;
    byRate.set(l.taxRate, group);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}
