import { sql, type Kysely } from 'kysely';

/**
 * On SQLite a sale no longer adds its products to `stat_products_day` and `stat_products_month`
 * itself. Those rows are keyed by product, so each sale's five lines changed about ten pages
 * scattered over two large trees, and the one writer copied every one of them into the WAL at each
 * commit: the largest share of a sale's write. A sale (and a refund) appends its product figures
 * here instead, at the end of one small table, and modules/statistics (statistics-fold.ts) adds
 * what is here into the day and month rows about once a second, in one set-based statement each,
 * then empties it, all in one transaction. Reports read these rows as day rows and month rows both,
 * so a figure counts from its sale's commit on, folded or not.
 *
 * `seq` numbers a store's rows in the order written (the store's largest plus one); PostgreSQL's
 * sales keep adding to the day and month rows directly (its writers do not queue behind one
 * another), so there the table stays empty. It is a store table like the others: `store_id`
 * leads its primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_products_pending')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text')
    .addColumn('code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('refunded_quantity', 'bigint', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addColumn('refunded_revenue', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('refunded_cost', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_products_pending_pk', ['store_id', 'seq'])
    .execute();
}

const SUMS = ['quantity', 'refunded_quantity', 'revenue', 'refunded_revenue', 'cost', 'refunded_cost'];

/**
 * Adds every pending row into the day or the month rows (`period` is the pending rows' column or
 * expression, `column` the target's), the name and code of each product's latest row winning.
 * A copy of modules/statistics' fold as it is today: a migration keeps its own text.
 */
async function fold(db: Kysely<unknown>, table: string, column: string, period: string): Promise<void> {
  const sums = SUMS.map((c) => `sum(${c}) as ${c}`).join(', ');
  const added = SUMS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  await sql
    .raw(
      `insert into ${table} (store_id, ${column}, product_key, product_id, code, name, ${SUMS.join(', ')})
       select s.store_id, s.period, s.product_key, p.product_id, p.code, p.name, ${SUMS.map((c) => `s.${c}`).join(', ')}
       from (select store_id, ${period} as period, product_key, max(seq) as latest, ${sums}
             from stat_products_pending group by store_id, ${period}, product_key) as s
       join stat_products_pending p on p.store_id = s.store_id and p.seq = s.latest
       where true
       on conflict (store_id, ${column}, product_key) do update set
         ${added}, name = excluded.name, code = excluded.code`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // What is still pending goes into the day and month rows first: no figure is lost.
  await fold(db, 'stat_products_day', 'business_date', 'business_date');
  await fold(db, 'stat_products_month', 'month', 'substr(business_date, 1, 7)');
  await db.schema.dropTable('stat_products_pending').execute();
}
