/**
 * Gift card and store credit codes as people type, read and print them (stored-value.ts holds the
 * schemas). No zod here: the counter's first load shows a card's code and must not bring the
 * schemas with it.
 */

/** Cards a store issues make 16 digits from a CSPRNG: scannable as Code 128 and typed on a number pad. */
export const STORED_VALUE_CODE_LENGTH = 16;

/**
 * A card's code as typed or scanned: spaces and dashes between groups dropped, letters upper-cased.
 * A pre-printed card brings its own code: 8 to 32 letters and digits.
 */
export function normalizeCardCode(input: string): string {
  return input.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();
}

/** Shown on screens and receipts in groups of four: 1234 5678 9012 3456. */
export function formatCardCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Only the last four on a receipt's tender line: the code is the card's bearer secret. */
export function maskCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}
