import {
  ErrorCode,
  RATE_STALE_DAYS,
  parseRate,
  type CurrencyCode,
  type ExchangeRate,
  type SetManualRateBody,
  type StoreExchangeRate,
} from '@shopdesk/shared';
import type { ExchangeRatesTable, StoreRow } from '../../db/types.ts';
import { DAY, iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { FeedDay } from './ecb-feed.ts';
import { PEGS } from './pegs.ts';
import { crossRate, multiplyRates } from './rate-text.ts';
import { RATES_SNAPSHOT } from './rates-snapshot.ts';
import * as repo from './rates.repo.ts';

/** What importing needs, so the CLI (`npm run rates:import`) can run it without a whole app. */
export type RatesDeps = Pick<AppContext, 'db' | 'clock'>;

/** Every rate is kept against the euro, the ECB's base; any pair is a cross rate of two of them. */
const COMMON = 'EUR';

async function eurLeg(ctx: AppContext, currency: string, date: string | null) {
  if (currency === COMMON) return { rate: '1', date: null, source: null };
  const leg = await repo.latestEurRate(ctx.db, currency, date);
  return leg ? { rate: leg.rate, date: leg.date, source: leg.source } : null;
}

/**
 * The rate base → quote on `date` (the latest one on or before it; the latest of all when null),
 * from the two currencies' euro rates. Its date is the older leg's, so a cross rate never looks
 * fresher than its stalest part; its source names both legs' sources ("ECB+PEG").
 */
export async function rateOn(
  ctx: AppContext,
  base: CurrencyCode,
  quote: CurrencyCode,
  date: string | null,
): Promise<ExchangeRate | null> {
  if (base === quote)
    return { base, quote, rate: '1', date: date ?? dateIn(ctx.clock.now(), 'UTC'), source: 'IDENTITY' };
  const [b, q] = await Promise.all([eurLeg(ctx, base, date), eurLeg(ctx, quote, date)]);
  if (!b || !q) return null;
  const dates = [b.date, q.date].filter((d): d is string => d !== null);
  const sources = [...new Set([b.source, q.source].filter((s): s is string => s !== null))];
  const rate = crossRate(b.rate, q.rate);
  if (!rate || dates.length === 0) return null;
  return { base, quote, rate, date: dates.sort()[0] as string, source: sources.join('+') };
}

/** The public rate endpoint's answer, or 404. */
export async function publicRate(
  ctx: AppContext,
  base: CurrencyCode,
  quote: CurrencyCode,
  date: string | null,
): Promise<ExchangeRate> {
  const rate = await rateOn(ctx, base, quote, date);
  if (!rate) throw notFound('There is no exchange rate for these currencies on or before that date.');
  return rate;
}

/**
 * A store's main → second rate: the manual one wins (product.md §5), else the latest imported.
 * Stale when the effective rate is older than RATE_STALE_DAYS in the store's own calendar.
 */
export async function storeRate(ctx: AppContext, store: StoreRow): Promise<StoreExchangeRate> {
  const second = store.second_currency as CurrencyCode | null;
  if (!second) return { effective: null, manual: null, latest: null, stale: false };
  const main = store.main_currency as CurrencyCode;
  const [manualRow, latest] = await Promise.all([
    repo.findManualRate(ctx.db, store.id, main, second),
    rateOn(ctx, main, second, null),
  ]);
  const manual: ExchangeRate | null = manualRow
    ? {
        base: main,
        quote: second,
        rate: manualRow.rate,
        date: dateIn(new Date(manualRow.set_at), store.timezone),
        source: 'MANUAL',
      }
    : null;
  const effective = manual ?? latest;
  const today = dateIn(ctx.clock.now(), store.timezone);
  const age = effective
    ? (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${effective.date}T00:00:00Z`)) / DAY
    : Infinity;
  return { effective, manual, latest, stale: age > RATE_STALE_DAYS };
}

/** Sets or clears the store's manual main → second rate. */
export async function setManualRate(
  ctx: AppContext,
  scope: Scope,
  body: SetManualRateBody,
): Promise<StoreExchangeRate> {
  const { store } = scope;
  if (!store.second_currency) {
    throw new AppError(
      409,
      ErrorCode.CONFLICT,
      'This store has no second currency. Choose one in the store details first.',
    );
  }
  const second = store.second_currency;
  const pair = `${store.main_currency} ${second}`;
  if (body.rate !== null) await assertPlausible(ctx, store, body.rate);
  const rate = body.rate === null ? null : normalizeRate(body.rate);
  await ctx.db.transaction().execute(async (trx) => {
    if (rate === null) {
      await repo.deleteManualRate(trx, store.id, store.main_currency, second);
    } else {
      await repo.saveManualRate(trx, {
        store_id: store.id,
        base: store.main_currency,
        quote: second,
        rate,
        set_at: iso(ctx.clock.now()),
        set_by: scope.userId,
      });
    }
    // "USD JPY 150.25" when set, "USD JPY" when cleared: the log's screen words it.
    await recordAudit(trx, scope, {
      action: 'EXCHANGE_RATE',
      entity: 'STORE',
      entityCode: store.url_name,
      summary: rate === null ? pair : `${pair} ${rate}`,
      at: ctx.clock.now(),
    });
  });
  return storeRate(ctx, store);
}

/** How far a manual rate may be from the reference rate, either way. */
const MAX_RATE_FACTOR = 1000n;

/**
 * A manual rate must be within ×1,000 of the reference rate (the latest imported one): a typing
 * slip of a few digits is refused with the reason, and a rate such as 0.000000000001 cannot turn
 * a tender into an amount no sale can hold. Without a reference rate any positive rate is taken.
 */
async function assertPlausible(ctx: AppContext, store: StoreRow, text: string): Promise<void> {
  const reference = await rateOn(ctx, store.main_currency as CurrencyCode, store.second_currency as CurrencyCode, null);
  const manual = parseRate(text);
  const ref = reference ? parseRate(reference.rate) : null;
  if (!manual || !reference || !ref) return;
  // manual / ref compared with 1000 and 1/1000, in exact integers.
  const left = manual.numerator * ref.denominator;
  const right = ref.numerator * manual.denominator;
  if (left <= MAX_RATE_FACTOR * right && right <= MAX_RATE_FACTOR * left) return;
  const message = `This rate is more than 1,000 times ${left > right ? 'above' : 'below'} the reference rate (${reference.rate} ${store.second_currency} per ${store.main_currency}, ${reference.source} of ${reference.date}). Check the rate: it is how many ${store.second_currency} one ${store.main_currency} buys.`;
  throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
    { field: 'rate', message: 'Must be within 1,000 times the reference rate' },
  ]);
}

/** "0150.2500" → "150.25": one spelling per value. */
function normalizeRate(text: string): string {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/** A day's euro rates plus the pegged currencies derived from their anchors (PEG, or SNAPSHOT when the anchor is one). */
function rowsOfDay(day: FeedDay, source: string, importedAt: string): ExchangeRatesTable[] {
  const rows: ExchangeRatesTable[] = [...day.rates].map(([quote, rate]) => ({
    base: COMMON,
    quote,
    date: day.date,
    source,
    rate,
    imported_at: importedAt,
  }));
  for (const peg of PEGS) {
    const anchor = day.rates.get(peg.anchor);
    const rate = anchor ? multiplyRates(anchor, peg.perAnchor) : null;
    if (rate) {
      const pegSource = source === 'SNAPSHOT' ? source : 'PEG';
      rows.push({
        base: COMMON,
        quote: peg.currency,
        date: day.date,
        source: pegSource,
        rate,
        imported_at: importedAt,
      });
    }
  }
  return rows;
}

/** Imports parsed feed days (idempotent: a day imported again replaces its own rates). */
export async function importFeedDays(ctx: RatesDeps, days: FeedDay[]): Promise<{ days: number; rates: number }> {
  const importedAt = iso(ctx.clock.now());
  const rows = days.flatMap((day) => rowsOfDay(day, 'ECB', importedAt));
  await ctx.db.transaction().execute(async (tx) => {
    // Batches keep each statement well under both engines' bound-parameter limits.
    for (let i = 0; i < rows.length; i += 500) await repo.saveRates(tx, rows.slice(i, i + 500), true);
  });
  return { days: days.length, rates: rows.length };
}

/** Makes sure the bundled snapshot is stored (a no-op after the first start). */
export async function ensureSnapshot(ctx: RatesDeps): Promise<void> {
  const day: FeedDay = {
    date: RATES_SNAPSHOT.date,
    rates: new Map(Object.entries(RATES_SNAPSHOT.eurRates) as [CurrencyCode, string][]),
  };
  await repo.saveRates(ctx.db, rowsOfDay(day, 'SNAPSHOT', iso(ctx.clock.now())), false);
}
