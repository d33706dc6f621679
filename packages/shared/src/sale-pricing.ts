import type { CurrencyCode } from './currencies.ts';
import { divideRounded, type Rounding } from './exchange.ts';
import { isMeasuredUnit, MEASURED_SCALE, type ProductUnit } from './units.ts';

/**
 * The arithmetic of a sale (product.md §5), shared by the counter (which shows totals before the
 * server answers, also offline) and the server (which stores them), so both always agree to the
 * minor unit. Everything is integer minor units of the store's main currency and rates are basis
 * points (10000 = 100%). Rounding is half up where a fraction first appears (a percentage
 * discount per line or per cart, a measured line's price, the tax per line), except the tax of
 * `PER_RATE`, which uses the store's own rounding once per rate.
 */

export type TaxMode = 'NONE' | 'INCLUSIVE' | 'EXCLUSIVE';

/**
 * `PER_LINE`: tax per line, half up, summed per rate. `PER_RATE`: tax once per rate per receipt
 * from the sum of that rate's lines (Japan's qualified invoice rule); the lines then carry their
 * share of it for reference.
 */
export const TAX_CALCULATIONS = ['PER_LINE', 'PER_RATE'] as const;
export type TaxCalculation = (typeof TAX_CALCULATIONS)[number];

/** The store's rounding of a `PER_RATE` tax: half up, down (切り捨て, the common choice in Japan) or up. */
export const TAX_ROUNDINGS = ['HALF_UP', 'DOWN', 'UP'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

export interface TaxOptions {
  /** PER_LINE when not given: a store's rule until it chooses PER_RATE. */
  calculation?: TaxCalculation | undefined;
  /** Used by PER_RATE only (PER_LINE is half up per line); HALF_UP when not given. */
  rounding?: TaxRounding | undefined;
  /**
   * Minor units of redeemed loyalty points (loyalty.ts), taken after the cart discount and spread
   * over the lines by what is left of them, before tax; never more than that. 0 when not given.
   */
  pointsDiscount?: number | undefined;
}

/** A discount as an amount of minor units or a percentage in basis points. */
export type Discount = { kind: 'AMOUNT'; amount: number } | { kind: 'PERCENT'; basisPoints: number };

export interface PricingLineInput {
  /** Minor units per unit. */
  unitPrice: number;
  /** Whole units (EACH), or integer thousandths of the unit for a measured product (KG, L, M). */
  quantity: number;
  /** EACH when not given. A measured line costs unitPrice × quantity / 1000, half up. */
  unit?: ProductUnit | undefined;
  /**
   * The price printed on a price-embedded label (product.md §5): the line costs exactly this,
   * whatever unitPrice × quantity comes to, since its quantity was derived from it and rounded.
   */
  labelPrice?: number | undefined;
  discount?: Discount | null;
  /** The line's tax rate in basis points (the product's, else the store's default); ignored with NONE. */
  taxRate: number;
  /**
   * A gift card sold (stored-value.ts): money held for the customer, not a supply. No tax, no
   * share of the cart discount nor of the points, whatever they are.
   */
  giftCard?: boolean | undefined;
}

export interface PricedLine {
  /** unitPrice × quantity (÷ 1000, half up, for a measured unit). */
  gross: number;
  /** The line's own discount, never more than `gross`. */
  lineDiscount: number;
  /** This line's share of the cart discount. */
  cartDiscount: number;
  /** This line's share of the redeemed points' discount (0 without points). */
  pointsDiscount: number;
  /** What the line costs before tax is added: gross − the discounts and points (tax included with INCLUSIVE). */
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

/** The lines of one tax rate and what they come to; rate 0 holds the untaxed lines (all of them with NONE). */
export interface RateGroup {
  /** Basis points; 0 for lines without tax. */
  rate: number;
  /** Indexes into `SalePricing.lines`, ascending. */
  lines: number[];
  /** The taxable amount without the tax. */
  base: number;
  tax: number;
  /** base + tax: what the customer pays for these lines (the sum of their totals). */
  total: number;
}

export interface SalePricing {
  lines: PricedLine[];
  calculation: TaxCalculation;
  /** Every rate in the sale, ascending, rate 0 included: their totals add up to `total`. */
  rateGroups: RateGroup[];
  /** Sum of the lines' gross. */
  gross: number;
  lineDiscounts: number;
  cartDiscount: number;
  /** What redeemed points took off (TaxOptions.pointsDiscount, capped at what was left). */
  pointsDiscount: number;
  /** Tax per rate (the rate groups above 0), ascending by rate; empty with NONE. */
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
  return rateTax(net, rate, mode, 'HALF_UP');
}

// Amounts here are never negative, so down and up are floor and ceiling.
const ROUNDING: Record<TaxRounding, Rounding> = { HALF_UP: 'HALF_UP', DOWN: 'FLOOR', UP: 'CEIL' };

/**
 * The tax inside (INCLUSIVE: amount × rate / (100% + rate)) or on top of (EXCLUSIVE: amount ×
 * rate) `amount` at `rate` basis points, rounded once with `rounding`. A line's tax under
 * PER_LINE and a whole rate's tax under PER_RATE are both this.
 */
export function rateTax(amount: number, rate: number, mode: TaxMode, rounding: TaxRounding): number {
  if (mode === 'NONE' || rate <= 0 || amount <= 0) return 0;
  const n = BigInt(amount) * BigInt(rate);
  return Number(divideRounded(n, mode === 'INCLUSIVE' ? BP + BigInt(rate) : BP, ROUNDING[rounding]));
}

/**
 * Prices a sale: line and cart discounts, the cart discount spread over the lines, then the tax:
 * per line (PER_LINE), or once per rate from the sum of the rate's lines and spread back over them
 * by largest remainder (PER_RATE), so that line totals still add up to the total either way.
 */
export function priceSale(
  lines: readonly PricingLineInput[],
  cartDiscount: Discount | null | undefined,
  taxMode: TaxMode,
  options: TaxOptions = {},
): SalePricing {
  const calculation = options.calculation ?? 'PER_LINE';
  const withLineDiscounts = lines.map((line) => {
    const gross = lineGross(line);
    const lineDiscount = discountAmount(line.discount, gross);
    return { line, gross, lineDiscount, afterLine: gross - lineDiscount };
  });
  // What the cart discount and the points apply to: every line but the gift cards.
  const discountable = withLineDiscounts.map((l) => (l.line.giftCard ? 0 : l.afterLine));
  const subtotal = discountable.reduce((sum, a) => sum + a, 0);
  const cart = discountAmount(cartDiscount, subtotal);
  const shares = spreadByLargestRemainder(cart, discountable);

  const afterCart = discountable.map((a, i) => a - (shares[i] ?? 0));
  const points = Math.min(
    Math.max(options.pointsDiscount ?? 0, 0),
    afterCart.reduce((sum, a) => sum + a, 0),
  );
  const pointShares = spreadByLargestRemainder(points, afterCart);
  const nets = withLineDiscounts.map((l, i) => ({
    ...l,
    cartShare: shares[i] ?? 0,
    pointsShare: pointShares[i] ?? 0,
    net: l.line.giftCard ? l.afterLine : (afterCart[i] ?? 0) - (pointShares[i] ?? 0),
    taxRate: taxMode === 'NONE' || l.line.giftCard ? 0 : l.line.taxRate,
  }));
  const taxes =
    calculation === 'PER_RATE'
      ? perRateLineTaxes(nets, taxMode, options.rounding ?? 'HALF_UP')
      : nets.map((l) => lineTax(l.net, l.taxRate, taxMode));

  const priced: PricedLine[] = nets.map((l, i) => {
    const tax = taxes[i] ?? 0;
    return {
      gross: l.gross,
      lineDiscount: l.lineDiscount,
      cartDiscount: l.cartShare,
      pointsDiscount: l.pointsShare,
      net: l.net,
      tax,
      taxRate: l.taxRate,
      total: taxMode === 'EXCLUSIVE' ? l.net + tax : l.net,
    };
  });
  const rateGroups = groupByRate(priced);

  return {
    lines: priced,
    calculation,
    rateGroups,
    gross: priced.reduce((sum, l) => sum + l.gross, 0),
    lineDiscounts: priced.reduce((sum, l) => sum + l.lineDiscount, 0),
    cartDiscount: cart,
    pointsDiscount: points,
    taxes: rateGroups.filter((g) => g.rate > 0).map(({ rate, base, tax }) => ({ rate, base, tax })),
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

/** A line's price before discounts: its label's, else unit price × quantity (÷ 1000, half up, for thousandths). */
function lineGross(line: PricingLineInput): number {
  if (line.labelPrice !== undefined) return line.labelPrice;
  const product = safeProduct(line.unitPrice, line.quantity);
  if (!line.unit || !isMeasuredUnit(line.unit)) return product;
  return Number(divideRounded(BigInt(product), BigInt(MEASURED_SCALE), 'HALF_UP'));
}

/** PER_RATE: each rate's tax from the sum of its lines' net, spread back over them in proportion to net. */
function perRateLineTaxes(
  lines: ReadonlyArray<{ net: number; taxRate: number }>,
  mode: TaxMode,
  rounding: TaxRounding,
): number[] {
  const taxes = lines.map(() => 0);
  for (const indexes of indexesByRate(lines).values()) {
    const nets = indexes.map((i) => lines[i]?.net ?? 0);
    const rate = lines[indexes[0] ?? 0]?.taxRate ?? 0;
    const tax = rateTax(
      nets.reduce((sum, n) => sum + n, 0),
      rate,
      mode,
      rounding,
    );
    spreadByLargestRemainder(tax, nets).forEach((share, k) => (taxes[indexes[k] ?? 0] = share));
  }
  return taxes;
}

function indexesByRate(lines: ReadonlyArray<{ taxRate: number }>): Map<number, number[]> {
  const byRate = new Map<number, number[]>();
  lines.forEach((line, i) => {
    const indexes = byRate.get(line.taxRate) ?? [];
    indexes.push(i);
    byRate.set(line.taxRate, indexes);
  });
  return new Map([...byRate.entries()].sort(([a], [b]) => a - b));
}

function groupByRate(lines: readonly PricedLine[]): RateGroup[] {
  return [...indexesByRate(lines).entries()].map(([rate, indexes]) => {
    const tax = indexes.reduce((sum, i) => sum + (lines[i]?.tax ?? 0), 0);
    const total = indexes.reduce((sum, i) => sum + (lines[i]?.total ?? 0), 0);
    return { rate, lines: indexes, base: total - tax, tax, total };
  });
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

/**
 * The tax calculation a store's receipts use (here, not in invoice-number.ts, so the counter's
 * pricing takes it without zod): a yen store with a registration number issues
 * qualified invoices, which need the tax once per rate (product.md §5), whatever is set.
 */
export function effectiveTaxCalculation(store: {
  mainCurrency: CurrencyCode;
  taxRegistrationNumber?: string | null | undefined;
  taxCalculation?: TaxCalculation | undefined;
}): TaxCalculation {
  if (store.mainCurrency === 'JPY' && store.taxRegistrationNumber) return 'PER_RATE';
  return store.taxCalculation ?? 'PER_LINE';
}
