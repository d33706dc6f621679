import { asProductUnit, isMeasuredUnit, type SaleLineInput } from '@shopdesk/shared';
import type { QueuedSale } from '../../../sync/sale-queue-db.ts';
import { emptyCart, type Cart, type CartLine } from './cart.ts';

/**
 * Whether a refused queued sale reopens as its held cart: not when another device completed that
 * cart meanwhile (409 ALREADY_COMPLETED): it is then a new sale of the same goods.
 */
export function reopensHeldCart(entry: QueuedSale): boolean {
  return entry.request.kind === 'complete' && entry.refusal?.code !== 'ALREADY_COMPLETED';
}

/**
 * A sale the server refused, back as a cart the cashier can fix (remove a deleted product, pay
 * again once the plan allows). The queue keeps what was sent: every line's code or name, the price
 * shown, quantity and discount; names of product lines come from the queue's preview, which lists
 * the lines in the same order, with a weighed line's unit. `taxRateOf` gives a product line's own tax rate from this device's
 * product copy (the server applies the product's rate anyway; this keeps the total on screen right).
 */
export function cartFromQueued(
  entry: QueuedSale,
  newKey: () => string,
  taxRateOf: (code: string) => number | null,
): Cart {
  const { request, preview } = entry;
  if (request.kind === 'customer') return emptyCart;
  const lines: CartLine[] = request.body.lines.map((line: SaleLineInput, i) => ({
    key: newKey(),
    code: line.code ?? null,
    name: line.name ?? preview?.lines[i]?.name ?? line.code ?? '',
    unitPrice: line.unitPrice ?? 0,
    quantity: line.quantity,
    discount: line.discount ?? null,
    // The counter sends every line with the price it showed; an open item always counts as changed.
    priceChanged: line.code === undefined || line.priceOverride === true || line.label !== undefined,
    ...(line.priceOverride ? { priceOverride: true } : {}),
    ...(line.label !== undefined ? { label: line.label } : {}),
    taxRate: line.code === undefined ? null : taxRateOf(line.code),
    ...measuredOf(line, preview?.lines[i]?.unit),
  }));
  return {
    lines,
    discount: request.body.discount ?? null,
    removed: null,
    parkedCode: request.kind === 'complete' && reopensHeldCart(entry) ? request.code : null,
  };
}

/** A weighed line's unit and label price, so it is shown and priced in kg again, not as pieces. */
function measuredOf(line: SaleLineInput, unit: string | undefined): Pick<CartLine, 'unit' | 'labelPrice'> {
  const measured = asProductUnit(unit);
  if (!isMeasuredUnit(measured)) return {};
  return { unit: measured, ...(line.labelPrice !== undefined ? { labelPrice: line.labelPrice } : {}) };
}
