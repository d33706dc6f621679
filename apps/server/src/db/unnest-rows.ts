import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from './database.ts';

/** A PostgreSQL column type that `unnest` reads an array of. */
export type ArrayType = 'text' | 'bigint' | 'integer';

/** Whether `db` (or its transaction) talks to PostgreSQL. */
export function isPostgres(db: DbOrTx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `select * from unnest($1::text[], $2::bigint[], …)`: any number of rows as one array parameter a
 * column, for `insertInto(table).columns(…).expression(…)` on PostgreSQL. A multi-row VALUES list
 * binds a parameter per cell (15 columns: at most ~4,000 rows a statement) and its SQL text changes
 * with the row count; this is one statement and one round trip for a whole chunk, with the same text
 * every time. `columns` are the table's columns in the order given to `.columns(…)`; the rows'
 * columns keep those names, so an update can join it (`update … from (…) as u`).
 */
export function unnestRows<R extends object>(
  rows: readonly R[],
  columns: ReadonlyArray<readonly [keyof R & string, ArrayType]>,
): RawBuilder<unknown> {
  const arrays = columns.map(([column, type]) => {
    const values = rows.map((row) => (row[column] as unknown) ?? null);
    return sql`${values}::${sql.raw(type)}[]`;
  });
  const names = sql.join(columns.map(([column]) => sql.id(column)));
  return sql`select * from unnest(${sql.join(arrays)}) as rows(${names})`;
}
