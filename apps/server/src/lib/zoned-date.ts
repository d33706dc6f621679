/** The calendar date (YYYY-MM-DD) of `at` in an IANA timezone: a store's day, not the server's. */
export function dateIn(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
