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
