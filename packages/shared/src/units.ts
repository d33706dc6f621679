import { divideRounded } from './exchange.ts';

/**
 * A product's unit (product.md §4): EACH counts whole pieces; KG, L and M are measured, and their
 * quantities are integer thousandths of the unit (342 = 0.342 kg), so a weight from the scale or
 * from a weighed barcode is exact and money arithmetic stays in integers.
 */
export const PRODUCT_UNITS = ['EACH', 'KG', 'L', 'M'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** Thousandths per unit of a measured product. */
export const MEASURED_SCALE = 1000;

export function isMeasuredUnit(unit: ProductUnit): boolean {
  return unit !== 'EACH';
}

/** The unit's symbol as printed after a quantity: SI symbols, the same in every language. */
export const UNIT_SYMBOLS: Record<Exclude<ProductUnit, 'EACH'>, string> = { KG: 'kg', L: 'L', M: 'm' };

/**
 * A quantity as people read it: `3` for EACH, `0.342 kg` for 342 thousandths of a kilogram
 * (always three decimals, so a scale's reading is never shortened). Integer arithmetic only.
 */
export function formatQuantity(quantity: number, unit: ProductUnit): string {
  if (!isMeasuredUnit(unit)) return String(quantity);
  const sign = quantity < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(quantity))).padStart(4, '0');
  const symbol = UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>];
  return `${sign}${digits.slice(0, -3)}.${digits.slice(-3)} ${symbol}`;
}

/**
 * The measured quantity (thousandths) that a price-embedded label's `price` buys at `unitPrice`
 * per unit, half up (product.md §5: quantity derived from the price, rounded to the unit's
 * thousandths). Null when the product has no price to divide by.
 */
export function quantityFromPrice(price: number, unitPrice: number): number | null {
  if (unitPrice <= 0 || price < 0) return null;
  return Number(divideRounded(BigInt(price) * BigInt(MEASURED_SCALE), BigInt(unitPrice), 'HALF_UP'));
}
