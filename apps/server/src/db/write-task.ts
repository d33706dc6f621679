import type { Db, DbOrTx } from './database.ts';

/**
 * A write transaction that can run where the database's writer is: in this thread on PostgreSQL,
 * or on SQLite in the writer thread (sqlite-write-worker.ts), which imports `module` and calls its
 * export `name`. So `run` gets only what survives a structured clone (plain objects, arrays,
 * dates, no functions or class instances) and returns the same; it must not touch this thread's
 * state (caches, clocks, the context). What it throws comes back with its message, `code`,
 * `statusCode` and `details`, an AppError as an AppError.
 */
export interface WriteTask<P, R> {
  module: string;
  name: string;
  run: (trx: DbOrTx, payload: P) => Promise<R>;
  /**
   * On PostgreSQL, instead of `run` in a transaction: the same write as one statement (which is
   * its own transaction), so one round trip instead of a BEGIN, each statement and a COMMIT.
   */
  oneStatement?: (db: Db, payload: P) => Promise<R>;
}

/**
 * Declares `run`, exported from the calling module as `name`, as a write task:
 * `export const storeSaleTask = writeTask(import.meta.url, 'storeSale', storeSale)`.
 */
export function writeTask<P, R>(
  module: string,
  name: string,
  run: (trx: DbOrTx, payload: P) => Promise<R>,
  oneStatement?: WriteTask<P, R>['oneStatement'],
): WriteTask<P, R> {
  return { module, name, run, ...(oneStatement ? { oneStatement } : {}) };
}

/** Runs a write task in one transaction, wherever the engine's writer is. */
export type RunWrite = <P, R>(task: WriteTask<P, R>, payload: P) => Promise<R>;
