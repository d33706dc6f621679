// No zod here: the counter checks codes with these (product-code-schema.ts holds the schema).

/**
 * Product code rules (product.md §4). A code travels in URL paths, so it keeps to a safe alphabet;
 * an all-digit code of a GS1 length is a GTIN and must carry a valid check digit, which catches
 * most mistyped or misread barcodes before they become a wrong product.
 */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9._-]{1,48}$/;
export const GS1_LENGTHS = [8, 12, 13, 14] as const;

/** The GS1 mod-10 check digit of `body` (all digits but the check digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  // Weights alternate 3,1,3,… starting from the digit next to the check digit.
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an all-digit code of length 8, 12, 13 or 14: such a code is read as a GTIN. */
export function isGs1Shaped(code: string): boolean {
  return /^\d+$/.test(code) && (GS1_LENGTHS as readonly number[]).includes(code.length);
}

export function hasValidGs1CheckDigit(code: string): boolean {
  return gs1CheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}

export type ProductCodeProblem = 'FORMAT' | 'CHECK_DIGIT';

/** Why a product code is refused, or null when it is fine. */
export function productCodeProblem(code: string): ProductCodeProblem | null {
  if (!PRODUCT_CODE_PATTERN.test(code)) return 'FORMAT';
  if (isGs1Shaped(code) && !hasValidGs1CheckDigit(code)) return 'CHECK_DIGIT';
  return null;
}

/**
 * A random EAN-13 in the GS1 in-store range (prefix 20–29), for goods without a barcode of their
 * own. Such numbers never collide with a manufacturer's barcode. `random` returns [0, 1).
 */
export function randomInStoreEan13(random: () => number = Math.random): string {
  let body = String(20 + Math.floor(random() * 10));
  while (body.length < 12) body += String(Math.floor(random() * 10));
  return body + String(gs1CheckDigit(body));
}

export function isInStoreEan13(code: string): boolean {
  return /^2\d{12}$/.test(code) && hasValidGs1CheckDigit(code);
}

/** Symbologies the labels print and the scanners read. */
export type Symbology = 'ean13' | 'ean8' | 'upca' | 'code128';

/** The symbology a label uses for a code: the GTIN's own when it is one, Code 128 otherwise. */
export function symbologyFor(code: string): Symbology {
  if (isGs1Shaped(code) && hasValidGs1CheckDigit(code)) {
    if (code.length === 13) return 'ean13';
    if (code.length === 8) return 'ean8';
    if (code.length === 12) return 'upca';
  }
  return 'code128';
}
