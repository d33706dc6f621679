/**
 * Store settings show rates as percentages (10, 8.1) while the API keeps basis points (1000, 810),
 * so a tax rate is never a float on the wire. Both directions are exact: at most two decimals.
 */

const PERCENT_TEXT = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/** "10" → 1000, "8.1" → 810, "7,65" → 765; null for anything that is not 0–100 with ≤ 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const m = PERCENT_TEXT.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** 1000 → "10", 810 → "8.1", 765 → "7.65": the shortest text that reads back to the same value. */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
