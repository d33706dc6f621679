import { sql, type RawBuilder } from 'kysely';
import type { ItemReportLevel } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import {
  FIGURE_COLUMNS,
  NEGATED_FIGURES,
  sourceRows,
  type ProductSources,
  type Range,
} from './statistics-read.repo.ts';

/*
 * Reports by item and by variant (item-report.service.ts). Sales are the statistics' product rows
 * (month rows for whole months, day rows for the rest), joined to the products they name for their
 * item; a deleted product has no item and drops out, as it drops out of the catalogue.
 */

type Num = string | number;

export interface ItemSalesRow {
  item_id: string;
  product_id: string | null;
  quantity: Num;
  refunded_quantity: Num;
  revenue: Num;
  cost: Num;
  variant_count: Num;
  min_unit: string;
  max_unit: string;
  total_rows: Num;
}

/** `pr.id` when by variant; null (one row per item) when by item. */
const variantKey = (by: ItemReportLevel) => (by === 'variant' ? sql`pr.id` : sql`null`);
const groupKey = (by: ItemReportLevel) => (by === 'variant' ? sql`pr.item_id, pr.id` : sql`pr.item_id`);

/** The range's net sales by item or by variant, highest revenue first, with how many rows there are. */
export async function itemSales(
  db: DbOrTx,
  storeId: string,
  sources: ProductSources,
  by: ItemReportLevel,
  limit: number,
): Promise<ItemSalesRow[]> {
  const result = await sql<ItemSalesRow>`
    with totals as (
      select product_key,
        sum(quantity) as quantity, sum(refunded_quantity) as refunded_quantity,
        sum(revenue) - sum(refunded_revenue) as revenue, sum(cost) - sum(refunded_cost) as cost
      from (${sourceRows(storeId, sources, FIGURE_COLUMNS, NEGATED_FIGURES)}) as p
      group by product_key
      having sum(quantity) <> 0 or sum(refunded_quantity) <> 0
    ), grouped as (
      select pr.item_id as item_id, ${variantKey(by)} as product_id,
        sum(t.quantity - t.refunded_quantity) as quantity, sum(t.refunded_quantity) as refunded_quantity,
        sum(t.revenue) as revenue, sum(t.cost) as cost, count(*) as variant_count,
        min(pr.unit) as min_unit, max(pr.unit) as max_unit
      from totals t join products pr on pr.store_id = ${storeId} and pr.id = t.product_key
      group by ${groupKey(by)}
    )
    select g.*, count(*) over () as total_rows from grouped g
    order by g.revenue desc, g.item_id, g.product_id
    limit ${limit}`.execute(db);
  return result.rows;
}

export interface ItemStockRow {
  item_id: string;
  product_id: string | null;
  quantity: Num;
  value_at_cost: Num;
  value_at_price: Num;
  reorder_level: Num | null;
  low_stock_variants: Num;
  variant_count: Num;
  min_unit: string;
  max_unit: string;
  total_rows: Num;
  low_rows: Num;
  all_cost: Num;
  all_price: Num;
  all_low: Num;
}

const onHand = sql`case when pr.quantity > 0 then pr.quantity else 0 end`;
/** As the catalogue's totals: a measured product holds thousandths, priced per unit (÷ 1000, half up). */
const valueAt = (per: RawBuilder<unknown>) =>
  sql`case when pr.unit in ('KG', 'L', 'M') then (${onHand} * ${per} + 500) / 1000 else ${onHand} * ${per} end`;

/** Stock value and low stock by item or by variant, highest value at price first, with the store's totals. */
export async function itemStock(
  db: DbOrTx,
  storeId: string,
  by: ItemReportLevel,
  lowStockOnly: boolean,
  limit: number,
): Promise<ItemStockRow[]> {
  const result = await sql<ItemStockRow>`
    with grouped as (
      select pr.item_id as item_id, ${variantKey(by)} as product_id,
        sum(pr.quantity) as quantity,
        sum(${valueAt(sql`pr.cost`)}) as value_at_cost, sum(${valueAt(sql`pr.price`)}) as value_at_price,
        min(pr.reorder_level) as reorder_level,
        count(case when pr.quantity <= pr.reorder_level then 1 end) as low_stock_variants,
        count(*) as variant_count, min(pr.unit) as min_unit, max(pr.unit) as max_unit
      from products pr
      where pr.store_id = ${storeId}
      group by ${groupKey(by)}
    ), listed as (
      select g.*, count(*) over () as total_rows,
        count(case when g.low_stock_variants > 0 then 1 end) over () as low_rows,
        sum(g.value_at_cost) over () as all_cost, sum(g.value_at_price) over () as all_price,
        sum(g.low_stock_variants) over () as all_low
      from grouped g
    )
    select * from listed
    ${lowStockOnly ? sql`where low_stock_variants > 0` : sql``}
    order by value_at_price desc, item_id, product_id
    limit ${limit}`.execute(db);
  return result.rows;
}

/** The store's stock totals when no row is listed (the window sums above ride on the rows). */
export async function stockTotals(db: DbOrTx, storeId: string) {
  const result = await sql<{ all_cost: Num; all_price: Num; all_low: Num }>`
    select coalesce(sum(${valueAt(sql`pr.cost`)}), 0) as all_cost, coalesce(sum(${valueAt(sql`pr.price`)}), 0) as all_price,
      count(case when pr.quantity <= pr.reorder_level then 1 end) as all_low
    from products pr where pr.store_id = ${storeId}`.execute(db);
  return result.rows[0]!;
}

/** Names of the report's items and variants. */
export async function itemNames(db: DbOrTx, storeId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('items').select(['id', 'name']).where('store_id', '=', storeId).where('id', 'in', ids).execute();
}

export async function variantNames(db: DbOrTx, storeId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'code', 'name', 'option_values'])
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute();
}

export function findItem(db: DbOrTx, storeId: string, id: string) {
  return db.selectFrom('items').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
}

export function variantsOf(db: DbOrTx, storeId: string, itemId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'code', 'option_values', 'quantity', 'retired_at', 'variant_position'])
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .orderBy('variant_position')
    .orderBy('id')
    .execute();
}

const DAY_MS = 86_400_000;

/** Every date of the ranges (each at most a half month: productSources' partial months). */
function datesOf(ranges: Range[]): string[] {
  const out: string[] = [];
  for (const r of ranges) {
    for (let d = Date.parse(`${r.from}T00:00:00Z`); d <= Date.parse(`${r.to}T00:00:00Z`); d += DAY_MS)
      out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

function monthsOf(range: Range | null): string[] {
  const out: string[] = [];
  if (!range) return out;
  for (let m = range.from; m <= range.to;) {
    out.push(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  return out;
}

/**
 * Net quantity and revenue of a few products (an item's variants) over the sources. Every period is
 * named (`month in (…)`, `business_date in (…)`) beside the products, so each branch is lookups on
 * the primary key (store, period, product): a year of a busy store reads 12 rows a variant.
 */
export async function variantSales(db: DbOrTx, storeId: string, sources: ProductSources, productIds: string[]) {
  if (productIds.length === 0) return [];
  const months = monthsOf(sources.months);
  const days = datesOf(sources.days);
  const minus = datesOf(sources.minusDays);
  const keys = sql.join(productIds);
  const figures = sql`product_key, quantity - refunded_quantity as sold, revenue - refunded_revenue as revenue`;
  const negated = sql`product_key, refunded_quantity - quantity as sold, refunded_revenue - revenue as revenue`;
  const branches: RawBuilder<unknown>[] = [];
  if (months.length > 0) {
    branches.push(sql`select ${figures} from stat_products_month
      where store_id = ${storeId} and month in (${sql.join(months)}) and product_key in (${keys})`);
    branches.push(sql`select ${figures} from stat_products_pending
      where store_id = ${storeId} and substr(business_date, 1, 7) in (${sql.join(months)}) and product_key in (${keys})`);
  }
  for (const [dates, columns] of [
    [days, figures],
    [minus, negated],
  ] as const) {
    if (dates.length === 0) continue;
    for (const table of ['stat_products_day', 'stat_products_pending'])
      branches.push(sql`select ${columns} from ${sql.table(table)}
        where store_id = ${storeId} and business_date in (${sql.join(dates)}) and product_key in (${keys})`);
  }
  if (branches.length === 0) return [];
  const result = await sql<{ product_key: string; sold: Num; revenue: Num }>`
    select product_key, sum(sold) as sold, sum(revenue) as revenue
    from (${sql.join(branches, sql` union all `)}) as s group by product_key`.execute(db);
  return result.rows;
}
