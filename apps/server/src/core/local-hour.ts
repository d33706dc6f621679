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

/**
 * The last answer per timezone, by the instant's whole second: every offset is whole seconds, so
 * the answer holds for the whole second, and a busy counter asks many times a second (formatting
 * was a share of a sale's time in SQLite's write lock).
 */
const lastAnswers = new Map<string, { second: number; answer: Readonly<LocalHour> }>();

export function localHour(at: Date, timezone: string): Readonly<LocalHour> {
  const second = Math.floor(at.getTime() / 1000);
  const last = lastAnswers.get(timezone);
  if (last?.second === second) return last.answer;
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timezone).formatToParts(at)) parts[p.type] = p.value;
  const answer = Object.freeze({ date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 });
  lastAnswers.set(timezone, { second, answer });
  return answer;
}
