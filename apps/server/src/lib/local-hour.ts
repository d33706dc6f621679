/**
 * The store's local date and hour of an instant. One formatter per timezone is kept: building an
 * Intl.DateTimeFormat costs far more than using one, and every sale and refund asks.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  return f;
}

export interface LocalHour {
  /** YYYY-MM-DD in the store's timezone. */
  date: string;
  /** 0–23 in the store's timezone (a repeated hour at the end of summer time falls in one bucket). */
  hour: number;
}

export function localHour(at: Date, timezone: string): LocalHour {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timezone).formatToParts(at)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}
