/**
 * How the tills screen says when: "3 hours ago" beside the exact time in the store's time zone (a
 * till is where the store is, whatever zone the owner's phone is in).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS: [limit: number, size: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [HOUR, MINUTE, 'minute'],
  [DAY, HOUR, 'hour'],
  [30 * DAY, DAY, 'day'],
  [365 * DAY, 30 * DAY, 'month'],
  [Infinity, 365 * DAY, 'year'],
];

/**
 * "5 minutes ago", "yesterday", "2 months ago" in `locale`; null under a minute (the caller says
 * "just now"). A time a little ahead of `now` (the device's clock behind the server's) counts as now.
 */
export function relativeTime(iso: string, now: number, locale: string): string | null {
  const ago = now - Date.parse(iso);
  if (!Number.isFinite(ago) || ago < MINUTE) return null;
  const [, size, unit] = UNITS.find(([limit]) => ago < limit)!;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(ago / size), unit);
}

/** A formatter of exact times ("Dec 5, 2026, 7:00 PM") in `timeZone`, the device's own when it is unknown. */
export function exactTimeFormat(locale: string, timeZone: string | undefined): (iso: string) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timeZone || undefined,
    });
  } catch {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
  return (iso: string) => format.format(new Date(iso));
}
