import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildSqliteTables, replaceOnce } from '../sqlite-table-rebuild.ts';
import { KEY_TARGETS, storeSaleFunction } from './202611271500-store-sale-function.ts';

/**
 * A store's hourly report row and its day's tender rows were one row each, which every sale of the
 * store upserted and kept locked until its commit was flushed, so one store's sales committed one
 * after the other on PostgreSQL. `stat_hours` and `stat_tenders` get a `slot` (0–7, from the sale's
 * or refund's id: modules/statistics statistics-recorder.ts) in their primary key, so concurrent
 * sales mostly add to different rows; reads sum over the slots. The rows there were become slot 0.
 *
 * `shopdesk_store_sale` upserts these rows too: it is created again from the one text of
 * 202611271500 with the new conflict targets (the payload's rows carry `slot`).
 *
 * PostgreSQL re-keys in place; SQLite adds the column and rebuilds the two tables
 * (sqlite-table-rebuild.ts). Down adds each key's slots into slot 0 first, then puts back the
 * old key and drops the column.
 */
const TABLES = [
  {
    table: 'stat_hours',
    key: ['store_id', 'business_date', 'hour'],
    sums: [
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
    ],
  },
  {
    table: 'stat_tenders',
    key: ['store_id', 'business_date', 'method', 'currency'],
    sums: ['sales_count', 'refund_count', 'taken', 'taken_in_main', 'refunded', 'refunded_in_main'],
  },
] as const;

export const SLOT_TARGETS = { hour: 'ON CONSTRAINT stat_hours_pk', tender: 'ON CONSTRAINT stat_tenders_pk' };

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');
/** The primary key constraint as Kysely wrote it on SQLite (migration 202601100700). */
const sqliteKey = (table: string, columns: readonly string[]) =>
  `constraint "${table}_pk" primary key (${quoted(columns)})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table } of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { table, key } of TABLES) await postgresKey(db, table, [...key, 'slot']);
    // By the constraint's name: a column list naming `slot` would be read as the function's own
    // variable `slot` (the free tier's) and fail as ambiguous.
    await sql.raw(storeSaleFunction(SLOT_TARGETS)).execute(db);
    return;
  }
  await rebuildSqliteTables(
    db,
    TABLES.map(({ table, key }) => ({
      table,
      edit: (text) => replaceOnce(text, sqliteKey(table, key), sqliteKey(table, [...key, 'slot'])),
    })),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, key, sums } of TABLES) {
    const keys = sql.raw(quoted(key));
    const columns = sql.raw(quoted(sums));
    const added = sql.raw(sums.map((c) => `sum("${c}")`).join(', '));
    const update = sql.raw(sums.map((c) => `"${c}" = "${table}"."${c}" + excluded."${c}"`).join(', '));
    // `where` before `group by` also keeps SQLite from reading `on conflict` as a join's `on`.
    await sql`insert into ${sql.id(table)} (${keys}, "slot", ${columns})
      select ${keys}, 0, ${added} from ${sql.id(table)} where "slot" <> 0 group by ${keys}
      on conflict (${keys}, "slot") do update set ${update}`.execute(db);
    await sql`delete from ${sql.id(table)} where "slot" <> 0`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { table, key } of TABLES) await postgresKey(db, table, key);
    await sql.raw(storeSaleFunction(KEY_TARGETS)).execute(db);
  } else {
    // SQLite drops no column that is in a key: the old key comes back first.
    await rebuildSqliteTables(
      db,
      TABLES.map(({ table, key }) => ({
        table,
        edit: (text) => replaceOnce(text, sqliteKey(table, [...key, 'slot']), sqliteKey(table, key)),
      })),
    );
  }
  for (const { table } of TABLES) await db.schema.alterTable(table).dropColumn('slot').execute();
}

async function postgresKey(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const name = `${table}_pk`;
  await sql`ALTER TABLE ${sql.id(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
  await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(name)} PRIMARY KEY (${sql.join(
    columns.map((c) => sql.id(c)),
  )})`.execute(db);
}
