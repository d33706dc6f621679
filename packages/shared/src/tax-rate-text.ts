/**
 * A tax rate as the owner types it, a percentage ("8", "8.5", "7.25"), and as it is stored, whole
 * basis points (800, 850, 725). Text and integer arithmetic only, so 8.1 is 810, never 809.99….
 */
const PERCENT = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/** Basis points for a typed percentage from 0 to 100 with at most 2 decimals, else null. */
export function percentToBasisPoints(text: string): number | null {
  const m = PERCENT.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return null;
  const basisPoints = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** The percentage text of basis points: 800 → "8", 850 → "8.5", 725 → "7.25". */
export function basisPointsToPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
