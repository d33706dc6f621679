import type { Db, DbOrTx } from './types.ts';

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
  /**
   * On SQLite: answered as soon as its transaction is committed, before the WAL is synced. Only for
   * a step whose result nobody is told of before a later write of the same caller has waited for a
   * sync, which covers it (an import batch's chunks: the batch's stored result is that write). A
   * sync that fails is final (sqlite-wal-sync.ts), so that later write fails too. On PostgreSQL
   * the task commits as any other.
   */
  answerAtCommit?: boolean;
}

/**
 * Declares `run`, exported from the calling module as `name`, as a write task:
 * `export const storeSaleTask = writeTask(import.meta.url, 'storeSale', storeSale)`.
 */
export function writeTask<P, R>(
  module: string,
  name: string,
  run: (trx: DbOrTx, payload: P) => Promise<R>,
  options: Pick<WriteTask<P, R>, 'oneStatement' | 'answerAtCommit'> = {},
): WriteTask<P, R> {
  return { module, name, run, ...options };
}

/** Runs a write task in one transaction, wherever the engine's writer is. */
export type RunWrite = <P, R>(task: WriteTask<P, R>, payload: P) => Promise<R>;
