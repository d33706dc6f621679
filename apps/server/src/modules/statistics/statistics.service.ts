import {
  asProductUnit,
  type ProductUnit,
  averageHalfUp,
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
import type { Scope } from '../access/index.ts';
import { storeMethods } from '../payment-methods/index.ts';
import * as repo from './statistics-read.repo.ts';
import { productSourcesFor, validRange } from './statistics-range.ts';
import type { HourSums, ProductTotalsRow } from './statistics-read.repo.ts';
import { topItems } from './item-report.service.ts';

/**
 * The reports of `/shop/statistic` (product.md §5–§6), read from the aggregates that every sale and
 * refund keeps up to date (statistics-recorder.ts), never from the sales themselves: a year is a few
 * thousand rows whatever the number of sales. Dates are the store's local dates.
 */

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
  const [sums, products, tenders, methods, items] = await Promise.all([
    repo.totals(ctx.db, storeId, range),
    repo.topProducts(ctx.db, storeId, sources, top),
    repo.tenders(ctx.db, storeId, range),
    storeMethods(ctx.db, scope.store),
    topItems(ctx, scope, sources, top),
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
    topItems: items,
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
