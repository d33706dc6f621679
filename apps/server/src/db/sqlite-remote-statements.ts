/**
 * The main thread's statements on the one writing SQLite connection, which is the write worker's
 * (sqlite-write-worker.ts): each statement is a blocking call to the worker thread, which runs it
 * on its connection and answers (`serveStatementCalls` there).
 *
 * Why blocking, not a message awaited: the group commit's invariants need a COMMIT and its sync
 * ticket in one synchronous step, and `beforeWrite` just before a write (sqlite-writer.ts,
 * sqlite-lease.ts); a blocking call keeps every one of them as it was with a connection of the
 * main thread. It costs a round trip (about 15 µs) per statement of the main thread's
 * transactions; the hot path (a sale) runs in the worker itself, without one.
 *
 * Invariants:
 * - Called on the main thread only, by the holder of the writer's lock (sqlite-mutex.ts): the
 *   worker then runs no batch of its own, so a call never lands inside a batch's transaction.
 * - One call at a time: the main thread waits for its answer before anything else runs.
 * - A call to a thread that stopped fails (`WRITE_WORKER_STOPPED`) instead of waiting for ever.
 */
import type { SentError } from './sent-error.ts';
import type { SqliteStatements, WriterStatement } from './sqlite-statements.ts';

/** What the main thread asks of the worker's connection. */
export type StatementCall =
  | { op: 'describe'; sql: string }
  | { op: 'run' | 'all'; sql: string; parameters: readonly unknown[] }
  | { op: 'inTransaction' }
  | { op: 'close' };

export type StatementReply = { ok: true; value: unknown } | { ok: false; error: SentError };

/** Slots of the shared signal array between the main thread and the worker. */
export const ANSWERED = 0;
export const STOPPED = 1;

/** Runs one call on the writing connection and returns its answer; throws what it threw. */
export type CallWriter = (call: StatementCall) => unknown;

/** Distinct SQL texts whose kind (reader, read-only) is kept, like the worker's statement cache. */
const KINDS_KEPT = 1000;

/**
 * `SqliteStatements.prepare`/`inTransaction` over `call`. `beforeWrite` runs before each statement
 * that can change the database (transaction control included), as the driver's contract says.
 */
export function remoteStatements(
  call: CallWriter,
  beforeWrite: () => void,
): Pick<SqliteStatements, 'prepare' | 'inTransaction'> {
  const kinds = new Map<string, { reader: boolean; readonly: boolean }>();
  const kindOf = (sql: string) => {
    let kind = kinds.get(sql);
    if (!kind) {
      kind = call({ op: 'describe', sql }) as { reader: boolean; readonly: boolean };
      if (kinds.size >= KINDS_KEPT) kinds.delete(kinds.keys().next().value!);
      kinds.set(sql, kind);
    }
    return kind;
  };
  return {
    inTransaction: () => call({ op: 'inTransaction' }) as boolean,
    prepare(sql): WriterStatement {
      const { reader, readonly } = kindOf(sql);
      // A plain SELECT is both read-only and returns rows; COMMIT is read-only by SQLite's
      // definition but returns none, and INSERT ... RETURNING returns rows but writes.
      if (!readonly || !reader) beforeWrite();
      return {
        reader,
        readonly,
        run: (parameters = []) =>
          call({ op: 'run', sql, parameters }) as { changes: number; lastInsertRowid: number | bigint },
        all: (parameters = []) => call({ op: 'all', sql, parameters }) as unknown[],
        // Rare (exports stream on the reader); the rows come over in one answer.
        iterate: (parameters = []) => (call({ op: 'all', sql, parameters }) as unknown[])[Symbol.iterator](),
      };
    },
  };
}
