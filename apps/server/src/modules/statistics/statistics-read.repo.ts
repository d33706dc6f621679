import { sql, type Expression, type SqlBool } from 'kysely';
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

const RANKS: Record<ProductRank, ReturnType<typeof sql<number>>> = {
  quantity: sql<number>`sum(quantity) - sum(refunded_quantity)`,
  revenue: sql<number>`sum(revenue) - sum(refunded_revenue)`,
  profit: sql<number>`sum(revenue) - sum(refunded_revenue) - sum(cost) + sum(refunded_cost)`,
};

/** The best products of the range by one measure (ties by key, so pages of equal figures are stable). */
export async function topProducts(
  db: DbOrTx,
  storeId: string,
  sources: ProductSources,
  rank: ProductRank,
  limit: number,
) {
  const s = db;
  const columns = [
    'product_key',
    'product_id',
    'code',
    'name',
    'quantity',
    'refunded_quantity',
    'revenue',
    'refunded_revenue',
    'cost',
    'refunded_cost',
  ] as const;
  const dayRows = s
    .selectFrom('stat_products_day')
    .select(columns)
    .where('store_id', '=', storeId)
    .where((eb) =>
      eb.or(
        sources.days.map(
          (d) => eb.and([eb('business_date', '>=', d.from), eb('business_date', '<=', d.to)]) as Expression<SqlBool>,
        ),
      ),
    );
  const monthRows = sources.months
    ? s
        .selectFrom('stat_products_month')
        .select(columns)
        .where('store_id', '=', storeId)
        .where('month', '>=', sources.months.from)
        .where('month', '<=', sources.months.to)
    : null;
  const rows = sources.days.length === 0 && monthRows ? monthRows : monthRows ? dayRows.unionAll(monthRows) : dayRows;
  const result = await s
    .selectFrom(rows.as('p'))
    .select([
      'product_key',
      sql<string | null>`max(product_id)`.as('product_id'),
      sql<string | null>`max(code)`.as('code'),
      sql<string>`max(name)`.as('name'),
      sql<string | number>`sum(quantity)`.as('quantity'),
      sql<string | number>`sum(refunded_quantity)`.as('refunded_quantity'),
      sql<string | number>`sum(revenue)`.as('revenue'),
      sql<string | number>`sum(refunded_revenue)`.as('refunded_revenue'),
      sql<string | number>`sum(cost)`.as('cost'),
      sql<string | number>`sum(refunded_cost)`.as('refunded_cost'),
    ])
    .groupBy('product_key')
    .orderBy(RANKS[rank], 'desc')
    .orderBy('product_key')
    .limit(limit)
    .execute();
  return result;
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
