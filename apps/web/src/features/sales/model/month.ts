/**
 * Months and days as the store sees them: "this month" is the month where the shop is (its time
 * zone), not where the browser is, because the server files each sale under its store-local date.
 */

/** YYYY-MM-DD of `now` in `timeZone` (the browser's zone when it is empty or unknown). */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  const format = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone || undefined);
  } catch {
    return format(undefined);
  }
}

/** YYYY-MM of `now` in `timeZone`. */
export const monthIn = (timeZone: string | null | undefined, now?: Date) => todayIn(timeZone, now).slice(0, 7);

export const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
export const isDate = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The month `delta` months after `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "November 2026" / "2026年11月" (a calendar month has no time zone: formatted as UTC). */
export function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}
