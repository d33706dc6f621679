import {
  averageHalfUp,
  ErrorCode,
  MAX_STATISTIC_DAYS,
  type StatisticFigures,
  type StatisticGroup,
  type StatisticSummary,
  type StatisticWindow,
  type TenderMethod,
  type TopProduct,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './statistics-read.repo.ts';
import type { HourSums, ProductSources, Range } from './statistics-read.repo.ts';

/**
 * The reports of `/shop/statistic` (product.md §5–§6), read from the aggregates that every sale and
 * refund keeps up to date (statistics-recorder.ts), never from the sales themselves: a year is a few
 * thousand rows whatever the number of sales. Dates are the store's local dates.
 */

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function validRange(from: string, to: string): Range {
  for (const [field, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (Number.isNaN(dayNumber(date)) || dateOf(dayNumber(date)) !== date) {
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'This date does not exist.', [
        { field, message: 'Must be a date that exists' },
      ]);
    }
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

/** Whole months inside the range come from the month rows; the days before and after them from the day rows. */
export function productSources(range: Range): ProductSources {
  const first = range.from.endsWith('-01') ? range.from.slice(0, 7) : nextMonth(range.from.slice(0, 7));
  const last = isLastDayOfMonth(range.to) ? range.to.slice(0, 7) : previousMonth(range.to.slice(0, 7));
  if (first > last) return { months: null, days: [range] };
  const days: Range[] = [];
  if (range.from < `${first}-01`) days.push({ from: range.from, to: dateOf(dayNumber(`${first}-01`) - 1) });
  const afterLast = `${nextMonth(last)}-01`;
  if (range.to >= afterLast) days.push({ from: afterLast, to: range.to });
  return { months: { from: first, to: last }, days };
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

function isLastDayOfMonth(date: string): boolean {
  return dateOf(dayNumber(date) + 1).endsWith('-01');
}

function topProduct(row: Awaited<ReturnType<typeof repo.topProducts>>[number]): TopProduct {
  const revenue = Number(row.revenue) - Number(row.refunded_revenue);
  const cost = Number(row.cost) - Number(row.refunded_cost);
  return {
    productId: row.product_id,
    code: row.code,
    name: row.name,
    quantity: Number(row.quantity) - Number(row.refunded_quantity),
    refundedQuantity: Number(row.refunded_quantity),
    revenue,
    cost,
    profit: revenue - cost,
  };
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
  const sources = productSources(range);
  const [sums, byQuantity, byRevenue, byProfit, tenders] = await Promise.all([
    repo.totals(ctx.db, storeId, range),
    repo.topProducts(ctx.db, storeId, sources, 'quantity', top),
    repo.topProducts(ctx.db, storeId, sources, 'revenue', top),
    repo.topProducts(ctx.db, storeId, sources, 'profit', top),
    repo.tenders(ctx.db, storeId, range),
  ]);
  const totals = figures(sums);
  return {
    from: range.from,
    to: range.to,
    timezone: scope.store.timezone,
    currency: scope.store.main_currency,
    totals: { ...totals, averageBasket: averageHalfUp(totals.grossSales, totals.transactionCount) },
    topProducts: {
      byQuantity: byQuantity.map(topProduct),
      byRevenue: byRevenue.map(topProduct),
      byProfit: byProfit.map(topProduct),
    },
    tenders: tenders.map((t) => ({
      method: t.method as TenderMethod,
      currency: t.currency,
      salesCount: Number(t.sales_count),
      refundCount: Number(t.refund_count),
      taken: Number(t.taken),
      takenInMain: Number(t.taken_in_main),
      refunded: Number(t.refunded),
      refundedInMain: Number(t.refunded_in_main),
    })),
  };
}
