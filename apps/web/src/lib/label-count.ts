import { labelMeasure, type BarcodeRuleScan, type LabelMeasureRefusal, type ProductUnit } from '@shopdesk/shared';

/** Why a label that a rule read cannot be counted: the counter's reasons, and a weighed product's price label. */
export type LabelCountRefusal = LabelMeasureRefusal | 'MEASURED_PRICE';

/**
 * What a scale or price label adds to the stock-take tally of a product sold by `unit`: a weight
 * (volume, length) label its thousandths, a count label its count, a piece's price label one
 * piece. A weighed product's price label cannot be counted: turning the price back into a weight
 * depends on the price per unit when it was printed, which may no longer be the product's price.
 */
export function tallyFromLabel(
  scan: Extract<BarcodeRuleScan, { ok: true }>,
  unit: ProductUnit,
): { ok: true; amount: number } | { ok: false; reason: LabelCountRefusal } {
  const { rule, value } = scan;
  if (rule.value === 'PRICE')
    return unit === 'EACH' ? { ok: true, amount: 1 } : { ok: false, reason: 'MEASURED_PRICE' };
  const measure = labelMeasure({ value: rule.value, decimals: rule.decimals }, value, unit);
  return measure.ok ? { ok: true, amount: measure.quantity } : measure;
}
