import { sql } from 'kysely';
import type { StatisticGroup } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';

/** Inclusive ranges of local dates (YYYY-MM-DD) or months (YYYY-MM). */
export interface Range {
  from: string;
  to: string;
}

/** Where a long range's product rows come from: whole months from the month rows, the rest from the day rows. */
export interface ProductSources {
  months: Range | null;
  days: Range[];
  /** Days inside `months` that are outside the range: their figures are taken off again. */
  minusDays: Range[];
}

function sumOf(column: string) {
  return sql<string | number>`coalesce(sum(${sql.ref(column)}), 0)`;
}

const HOUR_COLUMNS = [
  'sales_count',
  'refund_count',
  'items_sold',
  'items_refunded',
  'gross_sales',
  'refunds',
  'discounts',
  'tax',
  'refunded_tax',
  'cost',
  'refunded_cost',
] as const;
export type HourSums = Record<(typeof HOUR_COLUMNS)[number], string | number>;

const sums = () => HOUR_COLUMNS.map((c) => sumOf(c).as(c));

function periodOf(groupBy: 'day' | 'month') {
  return groupBy === 'month' ? sql<string>`substr(business_date, 1, 7)` : sql<string>`business_date`;
}

function hoursIn(db: DbOrTx, storeId: string, range: Range) {
  return db
    .selectFrom('stat_hours')
    .where('store_id', '=', storeId)
    .where('business_date', '>=', range.from)
    .where('business_date', '<=', range.to);
}

export type PeriodRow = HourSums & { period: string; hour: number | string | null };

/** One page of periods with figures, oldest first (hours by date, then hour). */
export async function periods(
  db: DbOrTx,
  storeId: string,
  range: Range,
  groupBy: StatisticGroup,
  page: number,
  size: number,
): Promise<PeriodRow[]> {
  const base = hoursIn(db, storeId, range);
  if (groupBy === 'hour') {
    return base
      .select(['business_date as period', 'hour'])
      .select(sums())
      .groupBy(['business_date', 'hour'])
      .orderBy('business_date')
      .orderBy('hour')
      .limit(size)
      .offset(page * size)
      .execute() as Promise<PeriodRow[]>;
  }
  const period = periodOf(groupBy);
  return base
    .select(period.as('period'))
    .select(sql<null>`null`.as('hour'))
    .select(sums())
    .groupBy(period)
    .orderBy(period)
    .limit(size)
    .offset(page * size)
    .execute() as Promise<PeriodRow[]>;
}

/** How many periods of the range have figures. */
export async function periodCount(db: DbOrTx, storeId: string, range: Range, groupBy: StatisticGroup) {
  const row = await db
    .selectFrom(
      hoursIn(db, storeId, range)
        .select(sql<number>`1`.as('one'))
        .groupBy(groupBy === 'hour' ? [sql`business_date`, sql`hour`] : [periodOf(groupBy)])
        .as('p'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The range's figures in one row. */
export async function totals(db: DbOrTx, storeId: string, range: Range): Promise<HourSums> {
  return (await hoursIn(db, storeId, range).select(sums()).executeTakeFirstOrThrow()) as HourSums;
}

export type ProductRank = 'quantity' | 'revenue' | 'profit';

export interface ProductTotalsRow {
  product_key: string;
  quantity: string | number;
  refunded_quantity: string | number;
  revenue: string | number;
  refunded_revenue: string | number;
  cost: string | number;
  refunded_cost: string | number;
  rank_quantity: string | number;
  rank_revenue: string | number;
  rank_profit: string | number;
}

export const FIGURE_COLUMNS = sql.raw(
  'product_key, quantity, refunded_quantity, revenue, refunded_revenue, cost, refunded_cost',
);
export const NEGATED_FIGURES = sql.raw(
  'product_key, -quantity, -refunded_quantity, -revenue, -refunded_revenue, -cost, -refunded_cost',
);

/**
 * The product rows of the sources as one `union all`. The figures still pending on SQLite
 * (`stat_products_pending`, not yet folded into the day and month rows: statistics-fold.ts) are
 * read beside each source as the rows they will be added to, so a sale counts from its commit on.
 * That table holds about a second of sales, its store's rows one range of its primary key.
 */
export function sourceRows(
  storeId: string,
  sources: ProductSources,
  columns: ReturnType<typeof sql.raw>,
  negated?: ReturnType<typeof sql.raw>,
) {
  const days = (figures: ReturnType<typeof sql.raw>, d: Range) => [
    sql`select ${figures} from stat_products_day
        where store_id = ${storeId} and business_date >= ${d.from} and business_date <= ${d.to}`,
    sql`select ${figures} from stat_products_pending
        where store_id = ${storeId} and business_date >= ${d.from} and business_date <= ${d.to}`,
  ];
  const branches = [
    ...(sources.months
      ? [
          sql`select ${columns} from stat_products_month
              where store_id = ${storeId} and month >= ${sources.months.from} and month <= ${sources.months.to}`,
          sql`select ${columns} from stat_products_pending
              where store_id = ${storeId} and substr(business_date, 1, 7) >= ${sources.months.from}
                and substr(business_date, 1, 7) <= ${sources.months.to}`,
        ]
      : []),
    ...sources.days.flatMap((d) => days(columns, d)),
    ...(negated ? sources.minusDays.flatMap((d) => days(negated, d)) : []),
  ];
  return sql.join(branches, sql` union all `);
}

/**
 * A product's net quantity as the report shows it: pieces, or kg, l or m for a measured product
 * (its rows hold thousandths), so 0.342 kg of cheese never outranks 5 jars as "342".
 */
const shownQuantity = sql`case when pr.unit in ('KG', 'L', 'M')
  then (t.quantity - t.refunded_quantity) / 1000.0 else t.quantity - t.refunded_quantity end`;

/**
 * The best `limit` products of the range by quantity, by revenue and by profit, in one statement:
 * the figures are summed per product once (numbers only: names are read for the winners alone),
 * then ranked three ways (ties by key). Each source is its own range on a primary key (month rows
 * for whole months, day rows for the partial ones), so no branch reads rows outside the range.
 */
export async function topProducts(
  db: DbOrTx,
  storeId: string,
  sources: ProductSources,
  limit: number,
): Promise<ProductTotalsRow[]> {
  const result = await sql<ProductTotalsRow>`
    with totals as (
      select product_key,
        sum(quantity) as quantity, sum(refunded_quantity) as refunded_quantity,
        sum(revenue) as revenue, sum(refunded_revenue) as refunded_revenue,
        sum(cost) as cost, sum(refunded_cost) as refunded_cost
      from (${sourceRows(storeId, sources, FIGURE_COLUMNS, NEGATED_FIGURES)}) as p
      group by product_key
      -- Sold or refunded inside the range (a product seen only on the days taken off again nets to nothing).
      having sum(quantity) <> 0 or sum(refunded_quantity) <> 0
    ), ranked as (
      select t.*,
        row_number() over (order by ${shownQuantity} desc, t.product_key) as rank_quantity,
        row_number() over (order by t.revenue - t.refunded_revenue desc, t.product_key) as rank_revenue,
        row_number() over (order by t.revenue - t.refunded_revenue - t.cost + t.refunded_cost desc, t.product_key) as rank_profit
      -- The product's unit for shownQuantity (an open item or a deleted product has none: pieces).
      from totals t left join products pr on pr.store_id = ${storeId} and pr.id = t.product_key
    )
    select * from ranked
    where rank_quantity <= ${limit} or rank_revenue <= ${limit} or rank_profit <= ${limit}`.execute(db);
  return result.rows;
}

/**
 * The id, code and name of these products: a product's current code and name (renamed since it
 * sold, it shows as the shop calls it now, and the same whether SQLite's pending rows are folded
 * yet or not), else, for an open item or a deleted product, as the range's rows know them (any
 * one row of each).
 */
export async function productNames(db: DbOrTx, storeId: string, sources: ProductSources, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = sourceRows(storeId, sources, sql.raw('product_key, product_id, code, name'));
  const result = await sql<{ product_key: string; product_id: string | null; code: string | null; name: string }>`
    select p.product_key, max(p.product_id) as product_id,
      coalesce(max(pr.code), max(p.code)) as code, coalesce(max(pr.name), max(p.name)) as name
    from (${rows}) as p
    left join products pr on pr.store_id = ${storeId} and pr.id = p.product_key
    where p.product_key in (${sql.join(keys)})
    group by p.product_key`.execute(db);
  return result.rows;
}

/** The unit of each of these products that is weighed or measured (not EACH): their quantities are thousandths. */
export async function measuredUnits(db: DbOrTx, storeId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'unit'])
    .where('store_id', '=', storeId)
    .where('id', 'in', productIds)
    .where('unit', '<>', 'EACH')
    .execute();
}

/** Whether the store has any figures from `from` to `to` (local dates): an index probe. */
export async function hasFigures(db: DbOrTx, storeId: string, range: Range): Promise<boolean> {
  const row = await hoursIn(db, storeId, range).select('hour').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Money taken and given back per method and currency over the range. */
export async function tenders(db: DbOrTx, storeId: string, range: Range) {
  return db
    .selectFrom('stat_tenders')
    .select([
      'method',
      'currency',
      sumOf('sales_count').as('sales_count'),
      sumOf('refund_count').as('refund_count'),
      sumOf('taken').as('taken'),
      sumOf('taken_in_main').as('taken_in_main'),
      sumOf('refunded').as('refunded'),
      sumOf('refunded_in_main').as('refunded_in_main'),
    ])
    .where('store_id', '=', storeId)
    .where('business_date', '>=', range.from)
    .where('business_date', '<=', range.to)
    .groupBy(['method', 'currency'])
    .orderBy('method')
    .orderBy('currency')
    .execute();
}
