/**
 * CSV text helpers for the product export and import (RFC 4180: comma, CRLF, double quotes).
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab/CR) as a formula, so exported text
 * fields get a leading apostrophe there (OWASP "CSV injection"), and import takes it off again so a
 * round trip returns the same text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function protectFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unprotectFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
