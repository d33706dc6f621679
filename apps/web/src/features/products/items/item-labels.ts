import { isMeasuredUnit, type Item, type Product } from '@shopdesk/shared';
import { labelContentOf, type LabelRun } from '../../../printing/labels/label-layout.ts';

/**
 * How many labels a product's stock asks for: one per piece on hand, at least one (a variant just
 * made has none yet); a weighed product's stock is a weight, so one label.
 */
export function labelsForStock(p: Pick<Product, 'quantity' | 'unit'>): number {
  if (isMeasuredUnit(p.unit)) return 1;
  return Math.min(999, Math.max(1, p.quantity));
}

/** Labels for every variant of an item still offered (retired ones left out), as many as its stock. */
export function itemLabelRuns(item: Pick<Item, 'variants'>, price: (minor: number) => string): LabelRun[] {
  return item.variants
    .filter((v) => !v.retired)
    .map((v) => ({ content: labelContentOf(v, price), copies: labelsForStock(v) }));
}
