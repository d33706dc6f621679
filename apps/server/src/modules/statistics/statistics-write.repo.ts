import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { insertShaped, runShaped } from '../../db/shaped-query.ts';
import type {
  StatHoursTable,
  StatProductsDayTable,
  StatProductsMonthTable,
  StatProductsPendingTable,
  StatTendersTable,
} from '../../db/types.ts';

/**
 * Adds figures to the aggregate rows: `INSERT … ON CONFLICT DO UPDATE SET col = col + excluded.col`,
 * the same statement on SQLite and PostgreSQL. Callers merge rows with the same key first (one
 * statement may not touch a row twice on PostgreSQL) and pass them in key order, so concurrent
 * sales lock the rows they share in one order. A sale on PostgreSQL runs the same upserts inside
 * `shopdesk_store_sale` (modules/shop/store-sale.pg.ts): a change here is a change there. An
 * hour's and a tender's rows are spread over slots (statistics-recorder.ts `statSlot`): readers
 * sum them. On SQLite a sale's product rows are appended to
 * `stat_products_pending` instead, and `foldPendingProducts` adds them up later (migration 202611291400).
 */

type Sums<T> = { [K in keyof T]: T[K] };

function addUp<T extends object>(columns: readonly (keyof T & string)[], table: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- built per table, checked by the column lists below
  return (eb: any) => Object.fromEntries(columns.map((c) => [c, eb(`${table}.${c}`, '+', eb.ref(`excluded.${c}`))]));
}

const HOUR_SUMS = [
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
] as const satisfies readonly (keyof StatHoursTable)[];

const PRODUCT_SUMS = [
  'quantity',
  'refunded_quantity',
  'revenue',
  'refunded_revenue',
  'cost',
  'refunded_cost',
] as const satisfies readonly (keyof StatProductsDayTable)[];

const TENDER_SUMS = [
  'sales_count',
  'refund_count',
  'taken',
  'taken_in_main',
  'refunded',
  'refunded_in_main',
] as const satisfies readonly (keyof StatTendersTable)[];

export async function addHour(db: DbOrTx, row: Sums<StatHoursTable>): Promise<void> {
  await insertShaped(db, 'stat_hours', [row], () =>
    db
      .insertInto('stat_hours')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['store_id', 'business_date', 'hour', 'slot']).doUpdateSet(addUp(HOUR_SUMS, 'stat_hours')),
      ),
  );
}

export async function addProducts(
  db: DbOrTx,
  dayRows: StatProductsDayTable[],
  monthRows: StatProductsMonthTable[],
): Promise<void> {
  if (dayRows.length === 0) return;
  await insertShaped(db, 'stat_products_day', dayRows, () =>
    db
      .insertInto('stat_products_day')
      .values(dayRows)
      .onConflict((oc) =>
        oc.columns(['store_id', 'business_date', 'product_key']).doUpdateSet((eb) => ({
          ...addUp(PRODUCT_SUMS, 'stat_products_day')(eb),
          // The latest name and code are kept: reports show them for a product deleted since.
          name: eb.ref('excluded.name'),
          code: eb.ref('excluded.code'),
        })),
      ),
  );
  await insertShaped(db, 'stat_products_month', monthRows, () =>
    db
      .insertInto('stat_products_month')
      .values(monthRows)
      .onConflict((oc) =>
        oc.columns(['store_id', 'month', 'product_key']).doUpdateSet((eb) => ({
          ...addUp(PRODUCT_SUMS, 'stat_products_month')(eb),
          name: eb.ref('excluded.name'),
          code: eb.ref('excluded.code'),
        })),
      ),
  );
}

export type PendingProductRow = Omit<StatProductsPendingTable, 'seq'>;

/**
 * Appends one store's product figures to the pending rows, numbered after the store's last: the
 * rows go to the end of the table's key, so a sale changes a page or two there instead of one
 * page per product in the day and month trees.
 */
export async function addPendingProducts(db: DbOrTx, storeId: string, rows: PendingProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  const last = await runShaped(db, 'stat_products_pending:last', [storeId], () =>
    db
      .selectFrom('stat_products_pending')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('store_id', '=', storeId),
  );
  const first = Number(last.rows[0]?.seq ?? 0) + 1;
  const numbered = rows.map((row, i) => ({ ...row, seq: first + i }));
  await insertShaped(db, 'stat_products_pending', numbered, () =>
    db.insertInto('stat_products_pending').values(numbered),
  );
}

/** Whether any product figures wait for the fold: one probe of the table's first page. */
export async function hasPendingProducts(db: DbOrTx): Promise<boolean> {
  return (await db.selectFrom('stat_products_pending').select('seq').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Adds every pending row into the day rows and into the month rows, then deletes them: a set-based
 * upsert per table (the rows merged per key, in key order), the name and code of each key's latest
 * row winning, as with a sale's own upsert. Must run inside one transaction on the one writer
 * (SQLite's): nothing may append between its reads and its delete. Answers how many rows it folded.
 */
export async function foldPendingProducts(db: DbOrTx): Promise<number> {
  await foldInto(db, 'stat_products_day', 'business_date', 'business_date');
  await foldInto(db, 'stat_products_month', 'month', 'substr(business_date, 1, 7)');
  const deleted = await db.deleteFrom('stat_products_pending').executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

async function foldInto(db: DbOrTx, table: string, column: string, period: string): Promise<void> {
  const sums = PRODUCT_SUMS.map((c) => `sum(${c}) as ${c}`).join(', ');
  const added = PRODUCT_SUMS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  await sql
    .raw(
      `insert into ${table} (store_id, ${column}, product_key, product_id, code, name, ${PRODUCT_SUMS.join(', ')})
       select s.store_id, s.period, s.product_key, p.product_id, p.code, p.name,
         ${PRODUCT_SUMS.map((c) => `s.${c}`).join(', ')}
       from (select store_id, ${period} as period, product_key, max(seq) as latest, ${sums}
             from stat_products_pending group by store_id, ${period}, product_key) as s
       join stat_products_pending p on p.store_id = s.store_id and p.seq = s.latest
       -- SQLite reads "on conflict" after a join as the join's clause without a where.
       where true
       order by s.store_id, s.period, s.product_key
       on conflict (store_id, ${column}, product_key) do update set
         ${added}, name = excluded.name, code = excluded.code`,
    )
    .execute(db);
}

export async function addTenders(db: DbOrTx, rows: StatTendersTable[]): Promise<void> {
  if (rows.length === 0) return;
  await insertShaped(db, 'stat_tenders', rows, () =>
    db
      .insertInto('stat_tenders')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['store_id', 'business_date', 'method', 'currency', 'slot'])
          .doUpdateSet(addUp(TENDER_SUMS, 'stat_tenders')),
      ),
  );
}

/** What a refund needs of the lines it gives back: product identity and the cost when sold. */
export async function soldLines(db: DbOrTx, storeId: string, transactionId: string) {
  return db
    .selectFrom('shop_transaction_lines')
    .select(['id', 'product_id', 'code', 'name', 'unit_cost', 'unit', 'gift_card_code'])
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', transactionId)
    .execute();
}
