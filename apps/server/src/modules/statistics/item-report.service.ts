import {
  asProductUnit,
  seesCost,
  type ItemGrid,
  type ItemGridCell,
  type ItemGridQuery,
  type ItemOption,
  type ItemReportLevel,
  type ItemSalesReport,
  type ItemSalesRow,
  type ItemStockReport,
  type ProductUnit,
} from '@shopdesk/shared';
import { notFound } from '../../core/errors.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './item-report.repo.ts';
import type { ProductSources } from './statistics-read.repo.ts';
import { productSourcesFor, validRange } from './statistics-range.ts';

/*
 * Reports by item and by variant (issue 44): sales of a period and stock now, rolled up by item or
 * listed by variant, and one item's grid of option 1 × option 2. Sales are read from the statistics
 * aggregates, never from the sales, so a year of a busy store stays a few thousand rows.
 */

const DEFAULT_TOP = 100;

/** The unit the row's quantities are in, when all its variants are weighed or measured alike. */
function unitOf(min: string, max: string): { unit?: ProductUnit } {
  return min === max && min !== 'EACH' ? { unit: asProductUnit(min) } : {};
}

/** Item and variant names of the rows, read for the listed rows only. */
async function namesOf(ctx: AppContext, storeId: string, rows: Array<{ item_id: string; product_id: string | null }>) {
  const [items, variants] = await Promise.all([
    repo.itemNames(ctx.db, storeId, [...new Set(rows.map((r) => r.item_id))]),
    repo.variantNames(
      ctx.db,
      storeId,
      rows.flatMap((r) => (r.product_id ? [r.product_id] : [])),
    ),
  ]);
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  const variant = new Map(variants.map((v) => [v.id, v]));
  return (r: { item_id: string; product_id: string | null }) => {
    const v = r.product_id ? variant.get(r.product_id) : undefined;
    return {
      itemId: r.item_id,
      productId: r.product_id,
      code: v?.code ?? null,
      name: v?.name ?? itemName.get(r.item_id) ?? '',
      optionValues: v ? (JSON.parse(v.option_values) as string[]) : [],
    };
  };
}

/** The best `top` items or variants of the sources by revenue, and how many rows there are in all. */
async function salesRows(
  ctx: AppContext,
  scope: Scope,
  sources: ProductSources,
  by: ItemReportLevel,
  top: number,
): Promise<{ rows: ItemSalesRow[]; total: number }> {
  const storeId = scope.store.id;
  const rows = await repo.itemSales(ctx.db, storeId, sources, by, top);
  const name = await namesOf(ctx, storeId, rows);
  const withCost = seesCost(scope.rights);
  return {
    total: Number(rows[0]?.total_rows ?? 0),
    rows: rows.map((r) => {
      const revenue = Number(r.revenue);
      const cost = Number(r.cost);
      return {
        ...name(r),
        variantCount: Number(r.variant_count),
        ...unitOf(r.min_unit, r.max_unit),
        quantity: Number(r.quantity),
        refundedQuantity: Number(r.refunded_quantity),
        revenue,
        cost: withCost ? cost : null,
        profit: withCost ? revenue - cost : null,
      };
    }),
  };
}

/** The summary's best items by revenue (statistics.service.ts): its top products rolled up by item. */
export async function topItems(ctx: AppContext, scope: Scope, sources: ProductSources, top: number) {
  return (await salesRows(ctx, scope, sources, 'item', top)).rows;
}

/** `GET /shop/statistic/items`: the period's net sales by item or by variant, highest revenue first. */
export async function itemSalesReport(
  ctx: AppContext,
  scope: Scope,
  query: { from: string; to: string; by?: ItemReportLevel | undefined; top?: number | undefined },
): Promise<ItemSalesReport> {
  const range = validRange(query.from, query.to);
  const by = query.by ?? 'item';
  const sources = await productSourcesFor(ctx, scope.store.id, range);
  const { rows, total } = await salesRows(ctx, scope, sources, by, query.top ?? DEFAULT_TOP);
  return {
    from: range.from,
    to: range.to,
    by,
    currency: scope.store.main_currency,
    rows,
    more: Math.max(0, total - rows.length),
  };
}

/** `GET /shop/statistic/item-stock`: stock value at cost and price and low stock, by item or by variant. */
export async function itemStockReport(
  ctx: AppContext,
  scope: Scope,
  query: { by?: ItemReportLevel | undefined; lowStock?: 'true' | 'false' | undefined; top?: number | undefined },
): Promise<ItemStockReport> {
  const storeId = scope.store.id;
  const by = query.by ?? 'item';
  const lowStock = query.lowStock === 'true';
  const rows = await repo.itemStock(ctx.db, storeId, by, lowStock, query.top ?? DEFAULT_TOP);
  const all = rows[0] ?? (await repo.stockTotals(ctx.db, storeId));
  const name = await namesOf(ctx, storeId, rows);
  const withCost = seesCost(scope.rights);
  const listed = Number((lowStock ? rows[0]?.low_rows : rows[0]?.total_rows) ?? 0);
  return {
    by,
    currency: scope.store.main_currency,
    rows: rows.map((r) => ({
      ...name(r),
      variantCount: Number(r.variant_count),
      ...unitOf(r.min_unit, r.max_unit),
      quantity: Number(r.quantity),
      valueAtCost: withCost ? Number(r.value_at_cost) : null,
      valueAtPrice: Number(r.value_at_price),
      reorderLevel: r.reorder_level === null ? null : Number(r.reorder_level),
      lowStockVariants: Number(r.low_stock_variants),
    })),
    more: Math.max(0, listed - rows.length),
    totals: {
      valueAtCost: withCost ? Number(all.all_cost) : null,
      valueAtPrice: Number(all.all_price),
      lowStockVariants: Number(all.all_low),
    },
  };
}

const zero = () => ({ quantity: 0, soldQuantity: 0, revenue: 0 });

/**
 * `GET /item/{id}/grid`: the item's variants by option 1 value (rows) × option 2 value (columns),
 * each with its stock now and its net sales of the period, and the totals of each row and column.
 * An item with one option has one column; without options, one cell. A third option's variants
 * share their cell's place (their values tell them apart).
 */
export async function itemGrid(ctx: AppContext, scope: Scope, id: string, query: ItemGridQuery): Promise<ItemGrid> {
  const range = validRange(query.from, query.to);
  const storeId = scope.store.id;
  const item = await repo.findItem(ctx.db, storeId, id);
  if (!item) throw notFound('This item is not in this store.');
  const options = JSON.parse(item.options) as ItemOption[];
  const variants = await repo.variantsOf(ctx.db, storeId, item.id);
  const sources = await repo.variantSales(
    ctx.db,
    storeId,
    await productSourcesFor(ctx, storeId, range),
    variants.map((v) => v.id),
  );
  const sales = new Map(sources.map((s) => [s.product_key, s]));
  const rows = options[0]?.values.slice() ?? [''];
  const columns = options[1]?.values.slice() ?? [''];
  const indexIn = (axis: string[], value: string | undefined) => {
    if (value === undefined) return 0;
    const at = axis.indexOf(value);
    if (at >= 0) return at;
    // A value the options no longer list (kept by a retired variant) gets its own line at the end.
    axis.push(value);
    return axis.length - 1;
  };
  const cells: ItemGridCell[] = variants.map((v) => {
    const values = JSON.parse(v.option_values) as string[];
    const sold = sales.get(v.id);
    return {
      row: indexIn(rows, values[0]),
      column: indexIn(columns, values[1]),
      variantId: v.id,
      code: v.code,
      optionValues: values,
      quantity: Number(v.quantity),
      soldQuantity: Number(sold?.sold ?? 0),
      revenue: Number(sold?.revenue ?? 0),
      retired: v.retired_at !== null,
    };
  });
  const rowTotals = rows.map(zero);
  const columnTotals = columns.map(zero);
  const total = zero();
  for (const c of cells) {
    for (const sum of [rowTotals[c.row]!, columnTotals[c.column]!, total]) {
      sum.quantity += c.quantity;
      sum.soldQuantity += c.soldQuantity;
      sum.revenue += c.revenue;
    }
  }
  return {
    itemId: item.id,
    name: item.name,
    from: range.from,
    to: range.to,
    currency: scope.store.main_currency,
    rowOption: options[0]?.name ?? null,
    columnOption: options[1]?.name ?? null,
    rows,
    columns,
    cells,
    rowTotals,
    columnTotals,
    total,
  };
}
