/**
 * What the group-commit driver needs of the writing SQLite connection (database.ts builds it over
 * better-sqlite3 with a statement cache, the durable reader and the checkpointer).
 *
 * Invariants: every method is called on the main thread by the writer's lock holder (sqlite-writer.ts,
 * sqlite-lease.ts), except `readDurable`, which needs no lock; `beforeWrite` runs before every
 * statement that can change the database, in the same synchronous step.
 */
import type SQLite from 'better-sqlite3';

/** What the driver needs of a better-sqlite3 connection (the statement cache of database.ts). */
export interface SqliteStatements {
  prepare(sql: string): SQLite.Statement;
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
  /** What `prepare` runs before a statement that writes, for writes made on another connection. */
  beforeWrite?(): void;
}
