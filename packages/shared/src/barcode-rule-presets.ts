import { gs1CheckDigit } from './barcode.ts';
import type { BarcodeRule } from './barcode-rules.ts';

/**
 * Ready-made rule sets for the labels of common scales (product.md §5). A store picks one and can
 * edit it; the positions follow the list order.
 */
export const BARCODE_RULE_PRESETS = ['JP', 'JP_PRICE_CHECK', 'SE', 'DE', 'UK', 'ODOO'] as const;
export type BarcodeRulePreset = (typeof BARCODE_RULE_PRESETS)[number];

type RuleShape = Omit<BarcodeRule, 'position' | 'prefix'>;
const JP_PREFIXES = ['02', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29'];

const PRESETS: Record<BarcodeRulePreset, ReadonlyArray<readonly [string[], RuleShape]>> = {
  // Japan's in-store NON-PLU price label (インストアマーキング): flag 02 or 20–29, 5-digit item code,
  // 5-digit price in yen, check digit; the layout most registers ship with.
  JP: [[JP_PREFIXES, { itemDigits: 5, valueDigits: 5, value: 'PRICE', decimals: 0, valueCheckDigit: false }]],
  // The same with a price check digit before a 4-digit price, for registers set up that way.
  JP_PRICE_CHECK: [
    [JP_PREFIXES, { itemDigits: 5, valueDigits: 4, value: 'PRICE', decimals: 0, valueCheckDigit: true }],
  ],
  // GS1 Sweden: 2X, then 6 digits of prefix and item, then 4 digits of value; X says what the value is:
  // 0 price with 2 decimals, 1 with 1, 2 whole kronor, 4 kilograms with 2 decimals, 5 with 1.
  SE: [
    [['20'], { itemDigits: 6, valueDigits: 4, value: 'PRICE', decimals: 2, valueCheckDigit: false }],
    [['21'], { itemDigits: 6, valueDigits: 4, value: 'PRICE', decimals: 1, valueCheckDigit: false }],
    [['22'], { itemDigits: 6, valueDigits: 4, value: 'PRICE', decimals: 0, valueCheckDigit: false }],
    [['24'], { itemDigits: 6, valueDigits: 4, value: 'WEIGHT', decimals: 2, valueCheckDigit: false }],
    [['25'], { itemDigits: 6, valueDigits: 4, value: 'WEIGHT', decimals: 1, valueCheckDigit: false }],
  ],
  // Germany: price labels 28 with a 4-digit item, a price check digit and a 5-digit price in cents,
  // weight labels 29 with a 5-digit item and the weight in grams; as German scales commonly print.
  DE: [
    [['28'], { itemDigits: 4, valueDigits: 5, value: 'PRICE', decimals: 2, valueCheckDigit: true }],
    [['29'], { itemDigits: 5, valueDigits: 5, value: 'WEIGHT', decimals: 3, valueCheckDigit: false }],
  ],
  // GS1 UK: 02 (in-store) and the licensed 20 and 28 ranges: item reference, price verifier digit,
  // 4-digit price in pence.
  UK: [[['02', '20', '28'], { itemDigits: 5, valueDigits: 4, value: 'PRICE', decimals: 2, valueCheckDigit: true }]],
  // Odoo's default nomenclature: weighted 21.....{NNDDD} (kg, 3 decimals), price 23.....{NNNDD}.
  ODOO: [
    [['21'], { itemDigits: 5, valueDigits: 5, value: 'WEIGHT', decimals: 3, valueCheckDigit: false }],
    [['23'], { itemDigits: 5, valueDigits: 5, value: 'PRICE', decimals: 2, valueCheckDigit: false }],
  ],
};

/** A preset's rules, positions 0, 1, 2 … in order. */
export function barcodeRulePreset(preset: BarcodeRulePreset): BarcodeRule[] {
  return PRESETS[preset]
    .flatMap(([prefixes, shape]) => prefixes.map((prefix) => ({ prefix, ...shape })))
    .map((rule, position) => ({ ...rule, position }));
}

/** In-store prefixes for random codes: GS1's 20–29 first, then 040–049 (restricted circulation too). */
const RANDOM_PREFIXES = [
  ...Array.from({ length: 10 }, (_, i) => `2${i}`),
  ...Array.from({ length: 10 }, (_, i) => `04${i}`),
];

/**
 * A random in-store EAN-13 that no barcode rule claims (product.md §4-5: random in-store barcodes
 * avoid every prefix a rule claims), so a product's own code is never read as a weighed label.
 * Prefixes a rule claims whole are skipped; inside a partly claimed one (a rule on 201 leaves the
 * rest of 20) a claimed draw is drawn again. Throws when the rules claim every in-store prefix.
 * `random` returns [0, 1).
 */
export function randomUnclaimedInStoreEan13(rules: readonly BarcodeRule[], random: () => number = Math.random): string {
  const open = RANDOM_PREFIXES.filter((p) => !rules.some((rule) => p.startsWith(rule.prefix)));
  if (open.length === 0) throw new Error('the barcode rules claim every in-store prefix');
  // 20–29 while any is open (the codes a store got before it had rules), 040–049 only after.
  const twenties = open.filter((p) => p.startsWith('2'));
  const pool = twenties.length > 0 ? twenties : open;
  for (let attempt = 0; attempt < 1000; attempt++) {
    let body = pool[Math.floor(random() * pool.length)] ?? '20';
    while (body.length < 12) body += String(Math.floor(random() * 10));
    const code = body + String(gs1CheckDigit(body));
    // Any rule's prefix, even one that does not fill the code yet: it may be fixed later.
    if (!rules.some((rule) => code.startsWith(rule.prefix))) return code;
  }
  throw new Error('no unclaimed in-store barcode found');
}
