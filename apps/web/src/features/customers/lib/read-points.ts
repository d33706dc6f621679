import { MAX_POINTS } from '@shopdesk/shared';

/**
 * A points change as typed: a whole number with an optional sign ("+50", "-120", "−120", full-width
 * digits too); null when it is not one or is zero or past the bound of any points figure.
 */
export function readPoints(text: string): number | null {
  const s = text
    .normalize('NFKC')
    .replace(/[\s,]/g, '')
    .replace(/^\u2212/, '-');
  if (!/^[+-]?\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n === 0 || Math.abs(n) > MAX_POINTS ? null : n;
}
