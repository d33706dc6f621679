/** Minor units as the text a person would type, e.g. 1999 USD → "19.99" (the inverse of parseMoney). */
export function minorToText(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -exponent)}.${s.slice(-exponent)}`;
}
