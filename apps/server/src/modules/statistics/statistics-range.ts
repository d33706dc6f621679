import { ErrorCode, MAX_STATISTIC_DAYS } from '@shopdesk/shared';
import { AppError } from '../../core/errors.ts';
import type { AppContext } from '../../lib/context.ts';
import * as repo from './statistics-read.repo.ts';
import type { ProductSources, Range } from './statistics-read.repo.ts';

/*
 * The period of a report: checked local dates, and where its product figures are read (month rows
 * for whole months, day rows for the rest). Shared by the summary and the item reports.
 */

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const FIRST_DATE = '1970-01-01';
const LAST_DATE = '9998-12-31';

export function validRange(from: string, to: string): Range {
  const details: { field: string; message: string }[] = [];
  for (const [field, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (Number.isNaN(dayNumber(date)) || dateOf(dayNumber(date)) !== date) {
      details.push({ field, message: 'Must be a date that exists' });
    } else if (date < FIRST_DATE || date > LAST_DATE) {
      // Four-digit years with a day after them: the period arithmetic (next day, next month) stays
      // in YYYY-MM-DD text, and no sale is older than 1970.
      details.push({ field, message: `Must be a date from ${FIRST_DATE} to ${LAST_DATE}` });
    }
  }
  if (details.length > 0) {
    const message = details.some((d) => d.message.startsWith('Must be a date that'))
      ? 'This date does not exist.'
      : `Reports cover dates from ${FIRST_DATE} to ${LAST_DATE}.`;
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, details);
  }
  if (to < from) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The end of the period is before its start.', [
      { field: 'to', message: 'Must not be before from' },
    ]);
  }
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_STATISTIC_DAYS) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'A report covers at most three years.', [
      { field: 'to', message: `At most ${MAX_STATISTIC_DAYS} days after from` },
    ]);
  }
  return { from, to };
}

/**
 * Whole months inside the range come from the month rows. A partial month is read from its day
 * rows when the range holds at most half of it, else as its month row minus the day rows of the
 * days left out (`minusDays`): either way at most 15 days of day rows per end, and exact.
 */
export function productSources(range: Range): ProductSources {
  const days: Range[] = [];
  const minusDays: Range[] = [];
  let firstMonth: string | null = null;
  let lastMonth: string | null = null;
  for (let month = range.from.slice(0, 7); month <= range.to.slice(0, 7); month = nextMonth(month)) {
    const start = `${month}-01`;
    const end = dateOf(dayNumber(`${nextMonth(month)}-01`) - 1);
    const from = range.from > start ? range.from : start;
    const to = range.to < end ? range.to : end;
    const inside = dayNumber(to) - dayNumber(from) + 1;
    const length = dayNumber(end) - dayNumber(start) + 1;
    if (inside < length && inside * 2 <= length) {
      days.push({ from, to });
      continue;
    }
    if (from > start) minusDays.push({ from: start, to: dateOf(dayNumber(from) - 1) });
    if (to < end) minusDays.push({ from: dateOf(dayNumber(to) + 1), to: end });
    firstMonth ??= month;
    lastMonth = month;
  }
  // Months read whole are contiguous: only the first and the last month of the range can be read by day.
  const months = firstMonth && lastMonth ? { from: firstMonth, to: lastMonth } : null;
  return { months, days, minusDays };
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function isLastDayOfMonth(date: string): boolean {
  return dateOf(dayNumber(date) + 1).endsWith('-01');
}

/**
 * Where the range's product figures are read. A partial month at either end is read whole from the
 * month rows when the days of it outside the range have no figures (always the case for the end of
 * "this month" or "this year": no sale is dated after today), which the hour rows tell with an
 * index probe; so the common reports read month rows only, and the answer stays exact.
 */
export async function productSourcesFor(ctx: AppContext, storeId: string, range: Range): Promise<ProductSources> {
  let { from, to } = range;
  const monthStart = `${from.slice(0, 7)}-01`;
  if (from !== monthStart) {
    const before = { from: monthStart, to: dateOf(dayNumber(from) - 1) };
    if (!(await repo.hasFigures(ctx.db, storeId, before))) from = monthStart;
  }
  if (!isLastDayOfMonth(to)) {
    const monthEnd = dateOf(dayNumber(`${nextMonth(to.slice(0, 7))}-01`) - 1);
    if (!(await repo.hasFigures(ctx.db, storeId, { from: dateOf(dayNumber(to) + 1), to: monthEnd }))) to = monthEnd;
  }
  return productSources({ from, to });
}
