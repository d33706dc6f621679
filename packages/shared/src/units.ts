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

/**
 * A measured line's (KG, L, M) largest quantity: 9,999.999 units in thousandths. The sale schema
 * (shop.ts) takes up to this; the server holds an EACH line (or an open-price one) to
 * MAX_LINE_QUANTITY. Here, not in shop.ts: the counter's cart reads it, and shop.ts would bring
 * zod and every sale schema onto the counter's first load.
 */
export const MAX_MEASURED_QUANTITY = 9_999_999;

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

/** A stored unit as a ProductUnit: EACH for anything else (a row or copy from before units). */
export function asProductUnit(unit: string | null | undefined): ProductUnit {
  return (PRODUCT_UNITS as readonly string[]).includes(unit ?? '') ? (unit as ProductUnit) : 'EACH';
}

/** A quantity as typed in an input: `3` for EACH, `0.342` for 342 thousandths (no symbol). */
export function quantityInputText(quantity: number, unit: ProductUnit): string {
  return formatQuantity(quantity, unit).replace(/ .*$/, '');
}

/**
 * A typed quantity in the unit's integer form: whole pieces for EACH, thousandths for a measured
 * unit (`0.342` → 342, `2` → 2000, at most three decimals). Null when the text is not such a
 * number; a leading minus is kept (an adjustment may take stock away).
 */
export function parseQuantityText(text: string, unit: ProductUnit): number | null {
  const trimmed = text.trim();
  const measured = isMeasuredUnit(unit);
  const match = (measured ? /^(-?)(\d{1,9})(?:[.,](\d{1,3}))?$/ : /^(-?)(\d{1,9})$/).exec(trimmed);
  if (!match) return null;
  const whole = Number(match[2]);
  const value = measured ? whole * MEASURED_SCALE + Number((match[3] ?? '').padEnd(3, '0')) : whole;
  return match[1] ? -value : value;
}

/** What follows a price per unit: `/kg`, `/L`, `/m`; nothing for EACH (a label, a cart line). */
export function perUnitSuffix(unit: ProductUnit): string {
  return isMeasuredUnit(unit) ? `/${UNIT_SYMBOLS[unit as Exclude<ProductUnit, 'EACH'>]}` : '';
}

/**
 * How many items lines hold as a shop counts them: pieces of EACH lines, and one per measured line
 * (a weighing is one item, not its thousandths). The sale's item count, the held carts, the cart.
 */
export function countItems(lines: readonly { quantity: number; unit?: string | null | undefined }[]): number {
  return lines.reduce((sum, l) => sum + (isMeasuredUnit(asProductUnit(l.unit)) ? 1 : l.quantity), 0);
}

/**
 * What `quantity` of a line costs at `perUnit` (a price or a cost per piece, or per kg, L or m):
 * quantity × perUnit for pieces; for a measured unit per 1000 thousandths, half up, in integers.
 */
export function amountOfQuantity(quantity: number, perUnit: number, unit: string | null | undefined): number {
  if (!isMeasuredUnit(asProductUnit(unit))) return quantity * perUnit;
  return Number(divideRounded(BigInt(quantity) * BigInt(perUnit), BigInt(MEASURED_SCALE), 'HALF_UP'));
}
