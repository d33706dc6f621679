/**
 * What the group-commit driver needs of the writing SQLite connection: in the app, the write
 * worker's connection, reached from the main thread by blocking calls (sqlite-remote-statements.ts),
 * with the durable reader and the checkpointer (database.ts); in tests, a better-sqlite3 connection.
 *
 * Invariants: every method is called on the main thread by the writer's lock holder (sqlite-writer.ts,
 * sqlite-lease.ts), except `readDurable`, which needs no lock; `beforeWrite` runs before every
 * statement that can change the database, in the same synchronous step.
 */

/** A prepared statement of the writing connection (a better-sqlite3 `Statement` is one). */
export interface WriterStatement {
  /** Whether it returns rows (run it with `all`), as better-sqlite3's `reader`. */
  readonly reader: boolean;
  /** Whether it cannot change the database (SQLite's `sqlite3_stmt_readonly`). */
  readonly readonly: boolean;
  run(parameters?: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  all(parameters?: readonly unknown[]): unknown[];
  iterate(parameters?: readonly unknown[]): IterableIterator<unknown>;
}

/** What the driver needs of the writing connection. */
export interface SqliteStatements {
  prepare(sql: string): WriterStatement;
  close(): void;
  /** Whether the connection is inside a transaction: SQLite ends one by itself on some errors (SQLITE_FULL, I/O). */
  inTransaction(): boolean;
  /**
   * Runs a SELECT outside any transaction on a read connection whose snapshot holds only durable
   * commits (sqlite-reader.ts); without it such reads run on the writer and wait like a commit.
   */
  readDurable?(sql: string, parameters: readonly unknown[]): unknown[];
  /**
   * True when the WAL has grown past its bound and should be restarted before the next write:
   * the durable reader always holds a snapshot while commits wait for their sync, and a WAL in
   * use by a reader is never restarted, so under steady load it would grow without end.
   */
  walTooLarge?(): boolean;
  /** Ends the reader's snapshots and checkpoints the whole WAL, truncating it (nothing pending). */
  restartWal?(): Promise<void> | void;
  /** What `prepare` runs before a statement that writes, also run before a batch of the write worker's tasks. */
  beforeWrite?(): void;
}
