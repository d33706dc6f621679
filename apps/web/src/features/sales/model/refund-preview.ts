import {
  asProductUnit,
  isMeasuredUnit,
  priceRefund,
  refundShare,
  type ShopTransaction,
  type TransactionLine,
} from '@shopdesk/shared';

/**
 * What a refund of some units gives back, computed with the shared `refundShare` the server uses,
 * so the amount the cashier confirms is the amount the server stores, to the minor unit.
 */

/** Units to refund, by line id; a missing line refunds nothing. */
export type RefundQuantities = Readonly<Record<string, number>>;

type RefundableLine = Pick<
  TransactionLine,
  'id' | 'quantity' | 'refundedQuantity' | 'total' | 'tax' | 'net' | 'taxRate'
> &
  Partial<Pick<TransactionLine, 'unit'>>;

/** The items a refund of `quantity` takes back: pieces, or one for a weighed line (its thousandths are no count). */
const itemsOf = (line: Pick<RefundableLine, 'unit'> | undefined, quantity: number) =>
  isMeasuredUnit(asProductUnit(line?.unit)) ? 1 : quantity;

/** How the sale's tax was computed: its own setting, as the server's refund reads it. */
export type RefundTaxOf = Pick<ShopTransaction, 'taxMode' | 'taxCalculation' | 'taxRounding'>;

/** Units of a line that can still be refunded: sold minus refunded before. */
export function refundableOf(line: Pick<TransactionLine, 'quantity' | 'refundedQuantity'>): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/** A stepper's value kept within 0 … what remains of the line, whole units only. */
export function clampRefundQuantity(line: Pick<TransactionLine, 'quantity' | 'refundedQuantity'>, wanted: number) {
  if (!Number.isFinite(wanted)) return 0;
  return Math.min(refundableOf(line), Math.max(0, Math.trunc(wanted)));
}

/** Every line's remaining units: what "refund all that remains" takes back. */
export function allRemaining(lines: readonly RefundableLine[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) if (refundableOf(line) > 0) out[line.id] = refundableOf(line);
  return out;
}

export interface RefundPreview {
  /** Main-currency minor units given back. */
  amount: number;
  /** The tax part of `amount`. */
  tax: number;
  /** Items taken back, over all lines: pieces, and one per weighed line. */
  units: number;
  /** The body's lines: only lines with a quantity, each within its bounds. */
  lines: { lineId: string; quantity: number; amount: number }[];
}

/**
 * The refund of `quantities` (each clamped to what remains of its line). A sale taxed once per rate
 * is refunded with `priceRefund` and its own rounding, as the server does (refund-write.ts).
 */
export function refundPreview(
  lines: readonly RefundableLine[],
  quantities: RefundQuantities,
  sale?: RefundTaxOf,
): RefundPreview {
  if (sale?.taxCalculation === 'PER_RATE' && sale.taxMode !== 'NONE') return perRatePreview(lines, quantities, sale);
  const preview: RefundPreview = { amount: 0, tax: 0, units: 0, lines: [] };
  for (const line of lines) {
    const quantity = clampRefundQuantity(line, quantities[line.id] ?? 0);
    if (quantity === 0) continue;
    const amount = refundShare(line.total, line.quantity, line.refundedQuantity, quantity);
    preview.amount += amount;
    preview.tax += refundShare(line.tax, line.quantity, line.refundedQuantity, quantity);
    preview.units += itemsOf(line, quantity);
    preview.lines.push({ lineId: line.id, quantity, amount });
  }
  return preview;
}

function perRatePreview(lines: readonly RefundableLine[], quantities: RefundQuantities, sale: RefundTaxOf) {
  const request = lines.flatMap((line, index) => {
    const quantity = clampRefundQuantity(line, quantities[line.id] ?? 0);
    return quantity > 0 ? [{ line: index, quantity }] : [];
  });
  const preview: RefundPreview = { amount: 0, tax: 0, units: 0, lines: [] };
  if (request.length === 0) return preview;
  const priced = priceRefund(
    { lines, taxMode: sale.taxMode, calculation: 'PER_RATE', rounding: sale.taxRounding ?? 'HALF_UP' },
    request,
  );
  for (const l of priced.lines) {
    preview.amount += l.amount;
    preview.tax += l.tax;
    preview.units += itemsOf(lines[l.line], l.quantity);
    preview.lines.push({ lineId: lines[l.line]?.id ?? '', quantity: l.quantity, amount: l.amount });
  }
  return preview;
}

/**
 * The names of the lines the newest refund of `sale` asked to restock but could not, because their
 * product was deleted since the sale (the server answers `restocked` below `quantity`).
 */
export function notRestocked(sale: ShopTransaction): string[] {
  const last = sale.refunds.at(-1);
  if (!last?.restock) return [];
  const names = new Map(sale.lines.map((l) => [l.id, l.name]));
  return last.lines.filter((l) => l.restocked < l.quantity).map((l) => names.get(l.lineId) ?? '?');
}
