import { asProductUnit, isMeasuredUnit, scanWithRules, type BarcodeRule, type ProductUnit } from '@shopdesk/shared';
import type { TFunction } from './i18n/types.ts';
import { describeError } from './describe-error.ts';
import { tallyFromLabel } from './label-count.ts';

/** What a counting screen needs of a product: its code (the line or row it counts into), name and unit. */
export interface CountedProduct {
  code: string;
  name: string;
  unit?: string | null | undefined;
}

/**
 * A scan on a counting screen (stock-take, cargo counting), read with the store's barcode rules:
 * - `plain`: no rule claims the code; it counts one piece of the product with this code, unless
 *   that product is weighed (the screen then asks for its weight: see `needsWeight`);
 * - `label`: a scale or count label of `product`, adding `amount` in its unit (thousandths for KG,
 *   L, M; pieces for EACH);
 * - `refused`: the label cannot be counted; `message` says why, in the counter's words.
 */
export type CountScan<P extends CountedProduct> =
  | { kind: 'plain'; code: string }
  | { kind: 'label'; product: P; unit: ProductUnit; amount: number }
  | { kind: 'refused'; message: string; color: 'red' | 'orange' };

/**
 * Reads `code` for counting. `find` looks a product up by code (null when none): the label's own
 * code with its value zeroed is tried first, then the rule's item digits (a PLU), as the counter
 * finds them. Without rules (not read yet) every code is plain, as the counter does.
 */
export async function readCountScan<P extends CountedProduct>(
  code: string,
  rules: readonly BarcodeRule[] | undefined,
  find: (code: string) => Promise<P | null>,
  t: TFunction,
): Promise<CountScan<P>> {
  const scan = rules ? scanWithRules(code, rules) : null;
  if (!scan) return { kind: 'plain', code };
  if (!scan.ok) return { kind: 'refused', color: 'red', message: t(`counterLabels.refused.${scan.reason}`, { code }) };
  try {
    const product = (await find(scan.baseCode)) ?? (await find(scan.itemCode));
    if (!product)
      return { kind: 'refused', color: 'orange', message: t('counterLabels.noItem', { item: scan.itemCode, code }) };
    const unit = asProductUnit(product.unit);
    const counted = tallyFromLabel(scan, unit);
    if (counted.ok) return { kind: 'label', product, unit, amount: counted.amount };
    return {
      kind: 'refused',
      color: 'orange',
      message:
        counted.reason === 'MEASURED_PRICE'
          ? t('stockTake.labelPriceWeighed', { name: product.name })
          : t(`counterLabels.line.${counted.reason}`, { name: product.name }),
    };
  } catch (error) {
    return { kind: 'refused', color: 'red', message: describeError(t, error) };
  }
}

/**
 * True when a plain scan (no label) of this product cannot count it: a weighed product's piece is
 * no quantity (neither 0.001 kg nor 1 kg), so the screen asks for the weight instead.
 */
export function needsWeight(product: Pick<CountedProduct, 'unit'> | null | undefined): boolean {
  return Boolean(product) && isMeasuredUnit(asProductUnit(product?.unit));
}
