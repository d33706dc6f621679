import { scannedPrice, labelMeasure, type BarcodeRule, type BarcodeRuleScan } from './barcode-rules.ts';
import { asProductUnit, isMeasuredUnit, quantityFromPrice, type ProductUnit } from './units.ts';

/**
 * What a scale or price label adds to the cart, read by a store's barcode rule (product.md §5): the
 * counter adds this line, and the server takes a label's price as the catalogue's only when it
 * reads the same line from the scanned label (apps/server catalogue-prices.ts). No zod here, as in
 * barcode-rules.ts: the counter reads labels on its first load.
 */
export interface LabelLine {
  quantity: number;
  unit: ProductUnit;
  /** A measured product's label price: the line costs exactly this. */
  labelPrice?: number;
  /** A piece's label price: it replaces the product's price for this line. */
  unitPrice?: number;
}

/** Why a label that a rule read cannot be added, said to the cashier. */
export type LabelRefusal = 'NOT_MEASURED' | 'MEASURED_COUNT' | 'PRICE_DECIMALS' | 'NO_PRICE' | 'ZERO';

/**
 * The line a label makes for `product`: a WEIGHT label gives a measured product's quantity; a
 * PRICE label gives a measured product the quantity that price buys at its price per unit (and
 * the line costs the label's price), or a piece its price; a COUNT label gives pieces.
 */
export function lineFromLabel(
  scan: Extract<BarcodeRuleScan<BarcodeRule>, { ok: true }>,
  product: { price: number; unit?: ProductUnit | undefined },
  currencyExponent: number,
): { ok: true; line: LabelLine } | { ok: false; reason: LabelRefusal } {
  const unit = asProductUnit(product.unit);
  const measured = isMeasuredUnit(unit);
  const { rule, value } = scan;
  if (rule.value === 'WEIGHT' || rule.value === 'COUNT') {
    const measure = labelMeasure({ value: rule.value, decimals: rule.decimals }, value, unit);
    return measure.ok ? { ok: true, line: { quantity: measure.quantity, unit } } : measure;
  }
  const price = scannedPrice(rule, value, currencyExponent);
  if (price === null) return { ok: false, reason: 'PRICE_DECIMALS' };
  if (!measured) return { ok: true, line: { quantity: 1, unit, unitPrice: price } };
  const quantity = quantityFromPrice(price, product.price);
  if (quantity === null) return { ok: false, reason: 'NO_PRICE' };
  return quantity > 0 ? { ok: true, line: { quantity, unit, labelPrice: price } } : { ok: false, reason: 'ZERO' };
}

/** The product codes a label can name: its code with the value zeroed (Odoo's), then the rule's item digits (a PLU). */
export function labelProductCodes(scan: Extract<BarcodeRuleScan<BarcodeRule>, { ok: true }>): [string, string] {
  return [scan.baseCode, scan.itemCode];
}
