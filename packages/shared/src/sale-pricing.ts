import { divideRounded } from './exchange.ts';

/**
 * The arithmetic of a sale (product.md §5), shared by the counter (which shows totals before the
 * server answers, also offline) and the server (which stores them), so both always agree to the
 * minor unit. Everything is integer minor units of the store's main currency and rates are basis
 * points (10000 = 100%). The one rounding rule is half up, applied where a fraction first appears:
 * a percentage discount per line or per cart, and the tax per line.
 */

export type TaxMode = 'NONE' | 'INCLUSIVE' | 'EXCLUSIVE';

/** A discount as an amount of minor units or a percentage in basis points. */
export type Discount = { kind: 'AMOUNT'; amount: number } | { kind: 'PERCENT'; basisPoints: number };

export interface PricingLineInput {
  /** Minor units per unit. */
  unitPrice: number;
  /** Whole units, at least 1. */
  quantity: number;
  discount?: Discount | null;
  /** The line's tax rate in basis points (the product's, else the store's default); ignored with NONE. */
  taxRate: number;
}

export interface PricedLine {
  /** unitPrice × quantity. */
  gross: number;
  /** The line's own discount, never more than `gross`. */
  lineDiscount: number;
  /** This line's share of the cart discount. */
  cartDiscount: number;
  /** What the line costs before tax is added: gross − both discounts (tax included with INCLUSIVE). */
  net: number;
  /** The tax in the line: extracted from `net` (INCLUSIVE) or added to it (EXCLUSIVE). */
  tax: number;
  taxRate: number;
  /** What the customer pays for the line: `net`, plus `tax` with EXCLUSIVE. */
  total: number;
}

export interface TaxBucket {
  /** Basis points. */
  rate: number;
  /** The taxed amount without the tax. */
  base: number;
  tax: number;
}

export interface SalePricing {
  lines: PricedLine[];
  /** Sum of the lines' gross. */
  gross: number;
  lineDiscounts: number;
  cartDiscount: number;
  /** Tax per rate, ascending by rate; empty with NONE. */
  taxes: TaxBucket[];
  tax: number;
  /** What the customer owes: the sum of the lines' totals, exactly. */
  total: number;
}

const BP = 10_000n;

/** A discount's amount on `base`, half up for percentages, never more than `base` nor below zero. */
export function discountAmount(discount: Discount | null | undefined, base: number): number {
  if (!discount || base <= 0) return 0;
  const raw =
    discount.kind === 'AMOUNT'
      ? discount.amount
      : Number(divideRounded(BigInt(base) * BigInt(discount.basisPoints), BP, 'HALF_UP'));
  return Math.min(Math.max(raw, 0), base);
}

/**
 * Splits `amount` over `weights` in proportion, by largest remainder: each share is the floor of
 * its exact part, and the units left over go to the largest fractional parts (ties to the earlier
 * line). The shares always add up to `amount` and none exceeds its weight's proportion by a unit.
 */
export function spreadByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n || amount === 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const shares = weights.map((w) => (big * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % total }));
  let left = Number(big - shares.reduce((sum, s) => sum + s, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** The tax inside (INCLUSIVE) or on top of (EXCLUSIVE) `net` at `rate` basis points, half up. */
export function lineTax(net: number, rate: number, mode: TaxMode): number {
  if (mode === 'NONE' || rate <= 0 || net <= 0) return 0;
  const n = BigInt(net) * BigInt(rate);
  return Number(divideRounded(n, mode === 'INCLUSIVE' ? BP + BigInt(rate) : BP, 'HALF_UP'));
}

/** Prices a sale: line and cart discounts, the cart discount spread over the lines, tax per line and per rate. */
export function priceSale(
  lines: readonly PricingLineInput[],
  cartDiscount: Discount | null | undefined,
  taxMode: TaxMode,
): SalePricing {
  const withLineDiscounts = lines.map((line) => {
    const gross = safeProduct(line.unitPrice, line.quantity);
    const lineDiscount = discountAmount(line.discount, gross);
    return { line, gross, lineDiscount, afterLine: gross - lineDiscount };
  });
  const subtotal = withLineDiscounts.reduce((sum, l) => sum + l.afterLine, 0);
  const cart = discountAmount(cartDiscount, subtotal);
  const shares = spreadByLargestRemainder(
    cart,
    withLineDiscounts.map((l) => l.afterLine),
  );

  const priced: PricedLine[] = withLineDiscounts.map((l, i) => {
    const cartShare = shares[i] ?? 0;
    const net = l.afterLine - cartShare;
    const taxRate = taxMode === 'NONE' ? 0 : l.line.taxRate;
    const tax = lineTax(net, taxRate, taxMode);
    return {
      gross: l.gross,
      lineDiscount: l.lineDiscount,
      cartDiscount: cartShare,
      net,
      tax,
      taxRate,
      total: taxMode === 'EXCLUSIVE' ? net + tax : net,
    };
  });

  return {
    lines: priced,
    gross: priced.reduce((sum, l) => sum + l.gross, 0),
    lineDiscounts: priced.reduce((sum, l) => sum + l.lineDiscount, 0),
    cartDiscount: cart,
    taxes: taxBuckets(priced, taxMode),
    tax: priced.reduce((sum, l) => sum + l.tax, 0),
    total: priced.reduce((sum, l) => sum + l.total, 0),
  };
}

/** a × b, refused past the range where integers are exact (the API bounds prices and quantities well below it). */
function safeProduct(a: number, b: number): number {
  const product = a * b;
  if (!Number.isSafeInteger(product)) throw new RangeError('amount is too large');
  return product;
}

function taxBuckets(lines: readonly PricedLine[], mode: TaxMode): TaxBucket[] {
  if (mode === 'NONE') return [];
  const byRate = new Map<number, TaxBucket>();
  for (const line of lines) {
    if (line.taxRate <= 0) continue;
    const bucket = byRate.get(line.taxRate) ?? { rate: line.taxRate, base: 0, tax: 0 };
    bucket.base += mode === 'INCLUSIVE' ? line.net - line.tax : line.net;
    bucket.tax += line.tax;
    byRate.set(line.taxRate, bucket);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

/**
 * What refunding `quantity` more units of a line gives back, of one of its amounts (its total, or
 * its tax), when `alreadyRefunded` units were refunded before. The refunded part of `amount` after
 * q units is round-half-up(amount × q / sold), and each refund is the step between two of those,
 * so partial refunds never add up to more than the line, and refunding every unit returns it
 * exactly.
 */
export function refundShare(amount: number, sold: number, alreadyRefunded: number, quantity: number): number {
  if (sold <= 0 || quantity <= 0) return 0;
  if (alreadyRefunded < 0 || alreadyRefunded + quantity > sold) {
    throw new RangeError('cannot refund more units than were sold');
  }
  const upTo = (q: number) => Number(divideRounded(BigInt(amount) * BigInt(q), BigInt(sold), 'HALF_UP'));
  return upTo(alreadyRefunded + quantity) - upTo(alreadyRefunded);
}
