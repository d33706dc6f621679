import { divideRounded } from './exchange.ts';
import {
  rateTax,
  refundShare,
  spreadByLargestRemainder,
  type TaxBucket,
  type TaxCalculation,
  type TaxMode,
  type TaxRounding,
} from './sale-pricing.ts';

/**
 * What a refund gives back, line by line and per tax rate (product.md §5: a return receipt shows
 * the refunded amount and tax per rate). Shared by the refund dialog and the server like
 * `priceSale`. The sale's own figures bound it: no refund, nor all refunds together, ever gives
 * back more tax for a rate than the sale charged for it, and refunding everything gives back
 * exactly the sale.
 */

/** A sold line as stored (TransactionLine), with what earlier refunds took of it. */
export interface RefundableLine {
  quantity: number;
  refundedQuantity: number;
  net: number;
  tax: number;
  total: number;
  taxRate: number;
}

export interface RefundableSale {
  lines: readonly RefundableLine[];
  taxMode: TaxMode;
  /** How the sale's tax was computed: pass the sale's own setting, not the store's current one. */
  calculation: TaxCalculation;
  rounding: TaxRounding;
}

export interface RefundLineRequest {
  /** Index into the sale's lines. */
  line: number;
  /** Units (or thousandths of a measured unit) to refund now, at least 1. */
  quantity: number;
}

export interface RefundedLine {
  line: number;
  quantity: number;
  /** What the customer gets back for this line, tax included. */
  amount: number;
  /** The tax in `amount` (for reference under PER_RATE: the rate's figure is the one that counts). */
  tax: number;
}

export interface RefundRateGroup {
  rate: number;
  base: number;
  tax: number;
  /** base + tax: the refunded amount at this rate. */
  total: number;
}

export interface RefundPricing {
  lines: RefundedLine[];
  /** Every rate refunded, ascending, rate 0 included: their totals add up to `total`. */
  rateGroups: RefundRateGroup[];
  /** The rate groups above 0, in the shape the sale stores its taxes. */
  taxes: TaxBucket[];
  total: number;
}

/**
 * Prices a refund of `request` against `sale`. PER_LINE, or no calculation given: each line gives
 * back its proportional share of its total and tax (`refundShare`). PER_RATE: the refunded net of
 * each line is its proportional share, and the tax of a rate is stepped like `refundShare` does
 * for a line: the tax on everything refunded at that rate after this refund, less the tax on what
 * was refunded before, each the rate applied once with the sale's rounding and capped at the
 * sale's tax for the rate. So a first refund's tax is exactly the rate applied once to what it
 * refunds, partial refunds never add up to more than the sale's tax for the rate, and the refund
 * that empties a rate gives back what remains of it exactly.
 * Throws RangeError for a line that does not exist, repeats, or has fewer units left.
 */
export function priceRefund(sale: RefundableSale, request: readonly RefundLineRequest[]): RefundPricing {
  const now = new Map<number, number>();
  for (const r of request) {
    if (!sale.lines[r.line] || now.has(r.line) || r.quantity <= 0) throw new RangeError('bad refund line');
    now.set(r.line, r.quantity);
  }
  const lines =
    sale.calculation === 'PER_RATE' && sale.taxMode !== 'NONE'
      ? perRateRefund(sale, now)
      : [...now].map(([line, quantity]) => {
          const sold = sale.lines[line] as RefundableLine;
          const before = sold.refundedQuantity;
          return {
            line,
            quantity,
            amount: refundShare(sold.total, sold.quantity, before, quantity),
            tax: sale.taxMode === 'NONE' ? 0 : refundShare(sold.tax, sold.quantity, before, quantity),
          };
        });
  lines.sort((a, b) => a.line - b.line);

  const byRate = new Map<number, RefundRateGroup>();
  for (const l of lines) {
    const rate = sale.taxMode === 'NONE' ? 0 : (sale.lines[l.line]?.taxRate ?? 0);
    const group = byRate.get(rate) ?? { rate, base: 0, tax: 0, total: 0 };
    group.tax += l.tax;
    group.total += l.amount;
    group.base = group.total - group.tax;
    byRate.set(rate, group);
  }
  const rateGroups = [...byRate.values()].sort((a, b) => a.rate - b.rate);
  return {
    lines,
    rateGroups,
    taxes: rateGroups.filter((g) => g.rate > 0).map(({ rate, base, tax }) => ({ rate, base, tax })),
    total: lines.reduce((sum, l) => sum + l.amount, 0),
  };
}

function perRateRefund(sale: RefundableSale, now: ReadonlyMap<number, number>): RefundedLine[] {
  const result: RefundedLine[] = [];
  const rates = new Set([...now.keys()].map((i) => sale.lines[i]?.taxRate ?? 0));
  for (const rate of rates) {
    const all = sale.lines.map((line, i) => ({ line, i })).filter(({ line }) => line.taxRate === rate);
    const upTo = (line: RefundableLine, q: number) =>
      line.quantity <= 0 ? 0 : Number(divideRounded(BigInt(line.net) * BigInt(q), BigInt(line.quantity), 'HALF_UP'));
    const after = (i: number, line: RefundableLine) => {
      const q = line.refundedQuantity + (now.get(i) ?? 0);
      if (q > line.quantity) throw new RangeError('cannot refund more units than were sold');
      return q;
    };
    const netBefore = all.reduce((sum, { line }) => sum + upTo(line, line.refundedQuantity), 0);
    const netAfter = all.reduce((sum, { line, i }) => sum + upTo(line, after(i, line)), 0);
    const saleTax = all.reduce((sum, { line }) => sum + line.tax, 0);
    const emptied = all.every(({ line, i }) => after(i, line) === line.quantity);
    const taxedBefore = Math.min(rateTax(netBefore, rate, sale.taxMode, sale.rounding), saleTax);
    const taxedAfter = emptied ? saleTax : Math.min(rateTax(netAfter, rate, sale.taxMode, sale.rounding), saleTax);

    const refunded = all.filter(({ i }) => now.has(i));
    const nets = refunded.map(({ line, i }) => upTo(line, after(i, line)) - upTo(line, line.refundedQuantity));
    // Tax included in the prices is part of the refunded net, so it can never be more than it.
    const rawTax = taxedAfter - taxedBefore;
    const tax = sale.taxMode === 'INCLUSIVE' ? Math.min(rawTax, netAfter - netBefore) : rawTax;
    // Nothing left to weigh by (everything at the rate was refunded before, under other settings): equal shares.
    const weights = nets.some((n) => n > 0) ? nets : nets.map(() => 1);
    const shares = spreadByLargestRemainder(tax, weights);
    refunded.forEach(({ i }, k) => {
      const net = nets[k] ?? 0;
      const share = shares[k] ?? 0;
      result.push({
        line: i,
        quantity: now.get(i) ?? 0,
        amount: sale.taxMode === 'EXCLUSIVE' ? net + share : net,
        tax: share,
      });
    });
  }
  return result;
}
