/**
 * One formatter per timezone: building an Intl.DateTimeFormat costs far more than using one, and
 * every sale asks for its store's day (it was a twentieth of a checkout's time).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of `at` in an IANA timezone: a store's day, not the server's. */
export function dateIn(at: Date, timezone: string): string {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    // Throws for an unknown timezone before anything is kept.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter.format(at);
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** `2026-12-05 14:03:27`: `at` in an IANA timezone, as a spreadsheet reads a date and time (CSV exports). */
export function dateTimeIn(at: Date, timezone: string): string {
  let formatter = dateTimeFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormatters.set(timezone, formatter);
  }
  return formatter.format(at);
}

/** The offset of an IANA timezone from UTC at an instant, in milliseconds (east positive). */
function offsetAt(at: number, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in an IANA timezone: a store's midnight. */
export function dayStartIn(date: string, timezone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - offsetAt(midnightUtc, timezone);
  // Once more at the guess: the offset may differ there (a DST change near midnight).
  return new Date(midnightUtc - offsetAt(first, timezone));
}
