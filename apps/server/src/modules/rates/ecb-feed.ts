import { CURRENCY_CODES, type CurrencyCode } from '@shopdesk/shared';
import { AppError } from '../../core/errors.ts';

/** One day of euro reference rates: units of each currency per euro, as decimal text. */
export interface FeedDay {
  date: string;
  rates: Map<CurrencyCode, string>;
}

/** The largest feed accepted (the ECB's full history since 1999 is ~6 MB). */
export const MAX_FEED_BYTES = 16 * 1024 * 1024;

const DAY = /<Cube\s+time\s*=\s*["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
const RATE = /<Cube\s+currency\s*=\s*["']([A-Z]{3})["']\s+rate\s*=\s*["'](\d{1,12}(?:\.\d{1,12})?)["']\s*\/>/g;
const SUPPORTED = new Set<string>(CURRENCY_CODES);

function badFeed(message: string): AppError {
  return new AppError(400, 'BAD_REQUEST', message);
}

/**
 * Reads the ECB's daily reference rates XML (eurofxref-daily.xml, or the 90-day and full history
 * files: the same `Cube time` / `Cube currency rate` elements). Only the supported currencies are
 * kept; a file with no dated rates is refused, so a wrong URL never imports nothing silently.
 */
export function parseEcbXml(xml: string): FeedDay[] {
  if (xml.length > MAX_FEED_BYTES) throw badFeed('The rates file is too large.');
  const days: FeedDay[] = [];
  for (const [, date, body] of xml.matchAll(DAY)) {
    if (!date || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) continue;
    const rates = new Map<CurrencyCode, string>();
    for (const [, currency, rate] of (body ?? '').matchAll(RATE)) {
      if (currency && rate && SUPPORTED.has(currency) && /[1-9]/.test(rate)) rates.set(currency as CurrencyCode, rate);
    }
    if (rates.size > 0) days.push({ date, rates });
  }
  if (days.length === 0) throw badFeed('This is not an ECB reference rates file: it has no dated rates.');
  return days;
}
