import {
  asProductUnit,
  type ProductUnit,
  averageHalfUp,
  ErrorCode,
  MAX_STATISTIC_DAYS,
  type StatisticFigures,
  type StatisticGroup,
  type StatisticSummary,
  type StatisticWindow,
  paymentMethodLabel,
  tenderMethodOfLabel,
  type PaymentMethod,
  type TopProduct,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import { storeMethods } from '../payment-methods/index.ts';
import * as repo from './statistics-read.repo.ts';
import type { HourSums, ProductSources, ProductTotalsRow, Range } from './statistics-read.repo.ts';

/**
 * The reports of `/shop/statistic` (product.md §5–§6), read from the aggregates that every sale and
 * refund keeps up to date (statistics-recorder.ts), never from the sales themselves: a year is a few
 * thousand rows whatever the number of sales. Dates are the store's local dates.
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

function figures(row: HourSums): StatisticFigures {
  const n = (v: string | number) => Number(v);
  const grossSales = n(row.gross_sales);
  const refunds = n(row.refunds);
  const taxes = n(row.tax) - n(row.refunded_tax);
  const revenue = grossSales - refunds - taxes;
  const cost = n(row.cost) - n(row.refunded_cost);
  return {
    transactionCount: n(row.sales_count),
    refundCount: n(row.refund_count),
    itemsSold: n(row.items_sold),
    itemsRefunded: n(row.items_refunded),
    grossSales,
    refunds,
    netSales: grossSales - refunds,
    discounts: n(row.discounts),
    taxes,
    revenue,
    cost,
    profit: revenue - cost,
  };
}

const pad2 = (h: number | string | null) => String(Number(h)).padStart(2, '0');

/** `GET /shop/statistic/search/window/{page}/{size}`: periods of the range that had sales or refunds. */
export async function statisticWindow(
  ctx: AppContext,
  scope: Scope,
  query: { from: string; to: string; groupBy?: StatisticGroup | undefined },
  page: number,
  size: number,
): Promise<StatisticWindow> {
  const range = validRange(query.from, query.to);
  const groupBy = query.groupBy ?? 'day';
  const storeId = scope.store.id;
  const [rows, total] = await Promise.all([
    repo.periods(ctx.db, storeId, range, groupBy, page, size),
    repo.periodCount(ctx.db, storeId, range, groupBy),
  ]);
  return {
    items: rows.map((r) => ({
      period: groupBy === 'hour' ? `${r.period}T${pad2(r.hour)}` : r.period,
      ...figures(r),
    })),
    page,
    size,
    total,
  };
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

type Names = Map<string, { product_id: string | null; code: string | null; name: string }>;

/** Units of the weighed products among the winners, by product id. */
type Units = Map<string, ProductUnit>;

function topProduct(row: ProductTotalsRow, names: Names, units: Units): TopProduct {
  const revenue = Number(row.revenue) - Number(row.refunded_revenue);
  const cost = Number(row.cost) - Number(row.refunded_cost);
  const named = names.get(row.product_key);
  return {
    productId: named?.product_id ?? null,
    code: named?.code ?? null,
    name: named?.name ?? row.product_key.replace(/^open:/, ''),
    quantity: Number(row.quantity) - Number(row.refunded_quantity),
    refundedQuantity: Number(row.refunded_quantity),
    revenue,
    cost,
    profit: revenue - cost,
    ...(named?.product_id && units.has(named.product_id) ? { unit: units.get(named.product_id) } : {}),
  };
}

/** The rows ranked within `limit` by one measure, best first. */
function ranked(
  rows: ProductTotalsRow[],
  names: Names,
  units: Units,
  rank: 'rank_quantity' | 'rank_revenue' | 'rank_profit',
  limit: number,
) {
  return rows
    .filter((r) => Number(r[rank]) <= limit)
    .sort((a, b) => Number(a[rank]) - Number(b[rank]))
    .map((r) => topProduct(r, names, units));
}

/** `GET /shop/statistic/summary`: the range's totals, its best products and its tenders. */
export async function statisticSummary(
  ctx: AppContext,
  scope: Scope,
  query: { from: string; to: string; top?: number | undefined },
): Promise<StatisticSummary> {
  const range = validRange(query.from, query.to);
  const storeId = scope.store.id;
  const top = query.top ?? 10;
  const sources = await productSourcesFor(ctx, storeId, range);
  const [sums, products, tenders, methods] = await Promise.all([
    repo.totals(ctx.db, storeId, range),
    repo.topProducts(ctx.db, storeId, sources, top),
    repo.tenders(ctx.db, storeId, range),
    storeMethods(ctx.db, scope.store),
  ]);
  const keys = products.map((p) => p.product_key);
  const names: Names = new Map(
    (await repo.productNames(ctx.db, storeId, sources, keys)).map((n) => [n.product_key, n]),
  );
  const ids = [...names.values()].flatMap((n) => (n.product_id ? [n.product_id] : []));
  const units: Units = new Map(
    (await repo.measuredUnits(ctx.db, storeId, ids)).map((u) => [u.id, asProductUnit(u.unit)]),
  );
  const totals = figures(sums);
  return {
    from: range.from,
    to: range.to,
    timezone: scope.store.timezone,
    currency: scope.store.main_currency,
    totals: { ...totals, averageBasket: averageHalfUp(totals.grossSales, totals.transactionCount) },
    topProducts: {
      byQuantity: ranked(products, names, units, 'rank_quantity', top),
      byRevenue: ranked(products, names, units, 'rank_revenue', top),
      byProfit: ranked(products, names, units, 'rank_profit', top),
    },
    tenders: tenders.map((t) => tenderStatistic(t, methods.all)),
  };
}

/** A report row of one method (its id, or a fixed method's name for a tender without one) by its current name. */
function tenderStatistic(t: Awaited<ReturnType<typeof repo.tenders>>[number], methods: PaymentMethod[]) {
  const label = paymentMethodLabel(t.method, methods);
  return {
    ...label,
    method: tenderMethodOfLabel(label),
    currency: t.currency,
    salesCount: Number(t.sales_count),
    refundCount: Number(t.refund_count),
    taken: Number(t.taken),
    takenInMain: Number(t.taken_in_main),
    refunded: Number(t.refunded),
    refundedInMain: Number(t.refunded_in_main),
  };
}
