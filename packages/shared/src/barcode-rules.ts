import { gs1CheckDigit, hasValidGs1CheckDigit } from './barcode.ts';
import { isMeasuredUnit, type ProductUnit } from './units.ts';

/**
 * Weighed and price-embedded barcodes (product.md §5): a scale or label printer prints an EAN-13
 * in the GS1 in-store ranges that names an item and carries its price, weight or count. A store
 * lists rules (BarcodeRule, product.md §4); a scanned code is read by the first rule, by position,
 * whose prefix it starts with. Every layout is the one GS1 defines for variable-measure items:
 *
 *   prefix | item digits | [value check digit] | value digits | EAN-13 check digit
 *
 * filling the 12 digits before the check digit exactly.
 *
 * No zod here: the counter reads codes with these rules, and a module that builds schemas would
 * bring zod onto its first load (the API's schemas are in barcode-rule-schemas.ts).
 */

export const BARCODE_RULE_VALUES = ['PRICE', 'WEIGHT', 'COUNT'] as const;
export type BarcodeRuleValue = (typeof BARCODE_RULE_VALUES)[number];

export interface BarcodeRule {
  /** 1–6 digits in a GS1 restricted-circulation range: 02, 04 or 20–29. */
  prefix: string;
  itemDigits: number;
  valueDigits: number;
  value: BarcodeRuleValue;
  /**
   * Decimals written in the value: a price in major units with these decimals (converted to the
   * store's minor units), a weight in kilograms (or litres, metres) with these decimals (0–3);
   * a count has none.
   */
  decimals: number;
  /** A GS1 price (or measure) verifier digit just before the value; only for 4 or 5 value digits. */
  valueCheckDigit: boolean;
  /** Order among the store's rules: the first matching rule wins. */
  position: number;
}

/** Restricted circulation numbers (GS1 General Specifications 1.4.4): never a manufacturer's GTIN. */
const IN_STORE_PREFIX = /^(?:0[24]|2)\d*$/;

export type BarcodeRuleProblem = 'PREFIX' | 'LENGTH' | 'VALUE_CHECK_DIGITS' | 'DECIMALS';

/** What is wrong with a rule from the editor, or an empty list. */
export function barcodeRuleProblems(rule: Omit<BarcodeRule, 'position'>): BarcodeRuleProblem[] {
  const problems: BarcodeRuleProblem[] = [];
  if (!/^\d{1,6}$/.test(rule.prefix) || !IN_STORE_PREFIX.test(rule.prefix)) problems.push('PREFIX');
  const used = rule.prefix.length + rule.itemDigits + (rule.valueCheckDigit ? 1 : 0) + rule.valueDigits;
  if (rule.itemDigits < 1 || rule.valueDigits < 1 || used !== 12) problems.push('LENGTH');
  if (rule.valueCheckDigit && rule.valueDigits !== 4 && rule.valueDigits !== 5) problems.push('VALUE_CHECK_DIGITS');
  if (rule.decimals > Math.min(3, rule.valueDigits) || (rule.value === 'COUNT' && rule.decimals !== 0)) {
    problems.push('DECIMALS');
  }
  return problems;
}

/** Where each part of a rule's code lies: [start, end) indexes into the 13 digits. */
export interface BarcodeRuleLayout {
  item: readonly [number, number];
  /** Index of the value check digit, or null without one. */
  valueCheck: number | null;
  value: readonly [number, number];
}

export function barcodeRuleLayout(rule: Omit<BarcodeRule, 'position'>): BarcodeRuleLayout {
  const itemStart = rule.prefix.length;
  const itemEnd = itemStart + rule.itemDigits;
  const valueStart = itemEnd + (rule.valueCheckDigit ? 1 : 0);
  return {
    item: [itemStart, itemEnd],
    valueCheck: rule.valueCheckDigit ? itemEnd : null,
    value: [valueStart, valueStart + rule.valueDigits],
  };
}

// GS1 General Specifications 7.9.3: the weighting factors 2-, 3, 5+ and 5- as digit → product digit.
const W2_MINUS = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7];
const W3 = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7];
const W5_PLUS = [0, 5, 1, 6, 2, 7, 3, 8, 4, 9];
const W5_MINUS = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1];

const at = (table: readonly number[], digits: string, i: number) => table[digits.charCodeAt(i) - 48] ?? 0;

/**
 * The GS1 price verifier digit of a 4- or 5-digit price (or measure). Four digits: weights 2-, 2-,
 * 3, 5-, and the units digit of 3 × the sum. Five digits: weights 5+, 2-, 5-, 5+, 2-, and the
 * digit whose 5- product is 10 minus the units digit of the sum.
 */
export function priceCheckDigit(value: string): number {
  if (/^\d{4}$/.test(value)) {
    const sum = at(W2_MINUS, value, 0) + at(W2_MINUS, value, 1) + at(W3, value, 2) + at(W5_MINUS, value, 3);
    return (sum * 3) % 10;
  }
  if (/^\d{5}$/.test(value)) {
    const sum =
      at(W5_PLUS, value, 0) +
      at(W2_MINUS, value, 1) +
      at(W5_MINUS, value, 2) +
      at(W5_PLUS, value, 3) +
      at(W2_MINUS, value, 4);
    return W5_MINUS.indexOf((10 - (sum % 10)) % 10);
  }
  throw new RangeError('a price check digit covers 4 or 5 digits');
}

export type BarcodeRuleRefusal = 'CHECK_DIGIT' | 'VALUE_CHECK_DIGIT';

export type BarcodeRuleScan<R extends BarcodeRule = BarcodeRule> =
  | {
      ok: true;
      rule: R;
      /** The rule's item digits: what names the product. */
      itemCode: string;
      /**
       * The code with its value (and value check digit) zeroed and the check digit recomputed: the
       * product's barcode in Odoo's convention, e.g. 2100123000005 for 2100123004560.
       */
      baseCode: string;
      /** The value digits as an integer, in the rule's decimals (see `scannedWeight`, `scannedPrice`). */
      value: number;
    }
  | { ok: false; rule: R; reason: BarcodeRuleRefusal };

/** An EAN-13, or a UPC-A as some scanners send it (12 digits, the leading 0 dropped). */
function asEan13(code: string): string | null {
  if (/^\d{13}$/.test(code)) return code;
  if (/^\d{12}$/.test(code)) return `0${code}`;
  return null;
}

function byPosition<R extends BarcodeRule>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.position - b.position);
}

/** The rule that claims `code` (the first by position whose prefix it starts with), or null. */
export function claimingRule<R extends BarcodeRule>(code: string, rules: readonly R[]): R | null {
  const ean = asEan13(code);
  if (!ean) return null;
  // A rule that does not fill the code (stored before a check, or hand-edited) claims nothing.
  return (
    byPosition(rules).find((rule) => ean.startsWith(rule.prefix) && barcodeRuleProblems(rule).length === 0) ?? null
  );
}

/**
 * Reads a scanned code with the store's rules. Null when no rule claims it: an ordinary product
 * code, looked up as it is. A claimed code with a wrong check digit or value check digit is
 * refused rather than read as another item or price.
 */
export function scanWithRules<R extends BarcodeRule>(code: string, rules: readonly R[]): BarcodeRuleScan<R> | null {
  const rule = claimingRule(code, rules);
  const ean = asEan13(code);
  if (!rule || !ean) return null;
  if (!hasValidGs1CheckDigit(ean)) return { ok: false, rule, reason: 'CHECK_DIGIT' };
  const layout = barcodeRuleLayout(rule);
  const valueText = ean.slice(...layout.value);
  if (layout.valueCheck !== null && priceCheckDigit(valueText) !== Number(ean[layout.valueCheck])) {
    return { ok: false, rule, reason: 'VALUE_CHECK_DIGIT' };
  }
  const zeroed = ean.slice(0, layout.item[1]).padEnd(12, '0');
  return {
    ok: true,
    rule,
    itemCode: ean.slice(...layout.item),
    baseCode: zeroed + String(gs1CheckDigit(zeroed)),
    value: Number(valueText),
  };
}

/** The code a label printer prints for `itemCode` (exactly the rule's item digits) and `value`. */
export function encodeWithRule(rule: Omit<BarcodeRule, 'position'>, itemCode: string, value: number): string {
  if (!new RegExp(`^\\d{${rule.itemDigits}}$`).test(itemCode)) throw new RangeError('item code does not fit the rule');
  if (!Number.isSafeInteger(value) || value < 0 || value >= 10 ** rule.valueDigits) {
    throw new RangeError('value does not fit the rule');
  }
  const valueText = String(value).padStart(rule.valueDigits, '0');
  const check = rule.valueCheckDigit ? String(priceCheckDigit(valueText)) : '';
  const body = rule.prefix + itemCode + check + valueText;
  return body + String(gs1CheckDigit(body));
}

/** A WEIGHT scan's value as thousandths of the unit (a KG product's quantity, product.md §4). */
export function scannedWeight(rule: Pick<BarcodeRule, 'decimals'>, value: number): number {
  return value * 10 ** (3 - Math.min(rule.decimals, 3));
}

/**
 * A PRICE scan's value in minor units of a currency with `exponent` decimals; null when the label
 * has more decimals than the currency can hold (a 2-decimal price that is not whole yen).
 */
export function scannedPrice(rule: Pick<BarcodeRule, 'decimals'>, value: number, exponent: number): number | null {
  if (rule.decimals <= exponent) return value * 10 ** (exponent - rule.decimals);
  const divisor = 10 ** (rule.decimals - exponent);
  return value % divisor === 0 ? value / divisor : null;
}

/** Why a label's measure cannot be taken for a product (said to the cashier or the counter). */
export type LabelMeasureRefusal = 'NOT_MEASURED' | 'MEASURED_COUNT' | 'ZERO';

/**
 * How much of a product a WEIGHT or COUNT label names, in the product's unit: a weight (volume,
 * length) label gives a measured product's thousandths, a count label a piece's count. A weight
 * label on a piece, or a count label on a measured product, says nothing about how much. Shared by
 * the counter's cart line and stock-take's tally so both read a label the same way.
 */
export function labelMeasure(
  rule: Pick<BarcodeRule, 'value' | 'decimals'> & { value: 'WEIGHT' | 'COUNT' },
  value: number,
  unit: ProductUnit,
): { ok: true; quantity: number } | { ok: false; reason: LabelMeasureRefusal } {
  const measured = isMeasuredUnit(unit);
  if (rule.value === 'WEIGHT' && !measured) return { ok: false, reason: 'NOT_MEASURED' };
  if (rule.value === 'COUNT' && measured) return { ok: false, reason: 'MEASURED_COUNT' };
  const quantity = rule.value === 'WEIGHT' ? scannedWeight(rule, value) : value;
  return quantity > 0 ? { ok: true, quantity } : { ok: false, reason: 'ZERO' };
}

/** A store has at most this many rules: every preset fits with room to add a few of its own. */
export const MAX_BARCODE_RULES = 30;
