import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { DbOrTx } from './database.ts';

/**
 * Runs a query whose SQL text depends only on `shape` (a table, its columns, a row count), building
 * and compiling it with Kysely once per shape and database and reusing the text with each call's
 * `values`: building and compiling a query cost more than running it on the hot write paths (a
 * sale runs a dozen statements inside its write transaction). The first compile of a shape checks
 * that its parameters are exactly `values` in order, else that shape is never reused (so a query
 * with constants of its own, or parameters in another order, is still run right, only compiled
 * each time). The text skips Kysely's plugins' query transforms: use it only for tables no plugin
 * watches (change-watch.ts watches sessions, stores and users).
 */
const shapes = new WeakMap<object, Map<string, string | null>>();

export async function runShaped<R>(
  db: DbOrTx,
  shape: string,
  values: readonly unknown[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let known = shapes.get(adapter);
  if (!known) shapes.set(adapter, (known = new Map()));
  const text = known.get(shape);
  if (text) return db.executeQuery<R>(CompiledQuery.raw(text, values as unknown[]));
  const compiled = build().compile();
  if (text === undefined) {
    const same = compiled.parameters.length === values.length && compiled.parameters.every((p, i) => p === values[i]);
    known.set(shape, same ? compiled.sql : null);
  }
  return db.executeQuery(compiled);
}

/**
 * Columns and values of rows that all have the same keys in the same order; null when they differ
 * or a value is undefined (Kysely leaves such a column out, so the text would not fit).
 */
export function rowValues(rows: readonly object[]): { columns: string; values: unknown[] } | null {
  const keys = Object.keys(rows[0] ?? {});
  const values: unknown[] = [];
  for (const row of rows) {
    const entries = Object.entries(row);
    if (entries.length !== keys.length) return null;
    for (let i = 0; i < keys.length; i++) {
      const [key, value] = entries[i]!;
      if (key !== keys[i] || value === undefined) return null;
      values.push(value);
    }
  }
  return { columns: keys.join(), values };
}

/**
 * `insert into table (rows' columns) values …` (with whatever `build` adds, e.g. ON CONFLICT), its
 * text kept per table, columns and row count. Rows with differing keys are compiled each time.
 */
export async function insertShaped<R>(
  db: DbOrTx,
  tag: string,
  rows: readonly object[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> {
  const shaped = rowValues(rows);
  if (!shaped) return db.executeQuery(build());
  return runShaped(db, `${tag}:${rows.length}:${shaped.columns}`, shaped.values, build);
}
