/**
 * Kysely's SQLite driver and dialect with group commit: the parts (one job per file) are the WAL
 * sync (sqlite-wal-sync.ts), the writer's lock (sqlite-mutex.ts), the batch (sqlite-batch.ts), the
 * writer (sqlite-writer.ts) and the lease (sqlite-lease.ts).
 *
 * Invariants:
 * - One writing connection (the write worker's: sqlite-write-worker.ts), used only by the holder
 *   of the writer's lock: the driver's statements (blocking calls to the worker) or, while a
 *   stream is open (`openStream`), the worker's own batches, run after the open batch is committed.
 * - No transaction is acknowledged before the sync that covers its COMMIT and every commit it read.
 * - While a stream is open, `writingElsewhere()` is true: a worker's commit may be in the WAL
 *   before it is counted, so the durable reader must not take a new snapshot.
 * Main thread only.
 */
import { SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import type SQLite from 'better-sqlite3';
import { BATCH_LIMITS, type BatchLimits } from './sqlite-batch.ts';
import { Lease } from './sqlite-lease.ts';
import type { SqliteStatements } from './sqlite-statements.ts';
import type { WalSync } from './sqlite-wal-sync.ts';
import { Writer } from './sqlite-writer.ts';

/**
 * Kysely's SQLite driver (one connection behind a lock) with group commit: a transaction is
 * acknowledged only after `sync.durable()`, which it awaits without holding the connection, and
 * transactions that queue for the connection share one SQLite COMMIT (Batch). Each is still
 * atomic and isolated: its own savepoint, run while it holds the connection alone.
 *
 * A commit is visible to the writer's own later statements from its COMMIT, a few milliseconds
 * before its sync ends, and a power loss in that window could take back a write a read already
 * showed (a retried sale's stored result, say). PostgreSQL shows a commit only once it is flushed;
 * so does this driver, per request rather than by making every answer wait for every sync:
 * - a SELECT outside a transaction runs on the reader, whose snapshot holds only synced commits;
 * - a transaction's answer waits for its batch's sync, which also covers every commit it could read;
 * - a rolled-back transaction and a raw read of the writer wait likewise;
 * so a read-only request never waits for another request's fsync, and one that wrote waits only for
 * its own. A process crash loses nothing acknowledged: the WAL is in the page cache.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #writer: Writer;
  constructor(
    private readonly statements: SqliteStatements,
    private readonly sync: WalSync,
    limits: BatchLimits = {},
  ) {
    this.#writer = new Writer(statements, sync, { ...BATCH_LIMITS, ...limits });
  }

  #writingElsewhere = false;

  async init(): Promise<void> {}

  /**
   * Takes the writing connection for a stream of the write worker's own batches (sqlite-write-
   * worker.ts): the open batch commits first and the WAL is bounded, then, until `end`, no statement
   * of this driver comes in. While it is open, `writingElsewhere()` is true: each of the worker's
   * commits is in the WAL before the group commit counts it (its answer crosses threads), so the
   * durable reader must not take a new snapshot.
   */
  async openStream(): Promise<WriterStream> {
    await this.#writer.mutex.lock();
    try {
      this.#writer.commitOpenBatch();
      await this.#writer.boundWal();
      // The reader's durable snapshot is taken (if none is open) before anything is written.
      this.statements.beforeWrite?.();
    } catch (error) {
      this.#writer.mutex.unlock();
      throw error;
    }
    this.#writingElsewhere = true;
    let open = true;
    return {
      committed: (wrote) => {
        const ticket = wrote ? this.sync.written() : this.sync.latest();
        return () => this.sync.durable(ticket);
      },
      shouldYield: () => this.#writer.mutex.contended || (this.statements.walTooLarge?.() ?? false),
      end: () => {
        if (!open) return;
        open = false;
        this.#writingElsewhere = false;
        this.#writer.mutex.unlock();
      },
    };
  }

  writingElsewhere(): boolean {
    return this.#writingElsewhere;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // The lock is taken by the lease's first statement that needs the writer.
    return new Lease(this.statements, this.#writer, this.sync);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A RELEASE that throws (the transaction stays open) leaves the lease in it, for the rollback.
    await (connection as Lease).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Kysely also rolls back when the commit's sync failed: the lock is no longer this lease's,
    // and undoing anything now would undo another request's transaction.
    if (!lease.inTransaction) return;
    await lease.rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as Lease).savepoint(`SAVEPOINT ${quoteName(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as Lease).savepoint(`ROLLBACK TO ${quoteName(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as Lease).savepoint(`RELEASE ${quoteName(name)}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Kysely ends a transaction before releasing; this covers a `db.connection()` block left in one.
    if (lease.inTransaction) await this.rollbackTransaction(lease);
    lease.release();
  }

  async destroy(): Promise<void> {
    await this.#writer.close();
    this.statements.close();
    this.sync.close();
  }
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The writing connection lent to the write worker's batches (`openStream`). */
export interface WriterStream {
  /**
   * Counts a batch the worker just answered (a failed one too: it may have committed before it
   * failed to answer) and gives what resolves once it is on disk. `wrote`: false when the batch
   * stored nothing; it then waits only for the commits it could have read.
   */
  committed(wrote: boolean): () => Promise<void>;
  /** True when the stream should end: a transaction of this thread waits, or the WAL is due a restart. */
  shouldYield(): boolean;
  /** Gives the connection back; only with no batch of the worker running. */
  end(): void;
}

/** Kysely's SQLite dialect with `GroupCommitSqliteDriver` as its driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #driver: GroupCommitSqliteDriver;
  constructor(statements: SqliteStatements, sync: WalSync, batchLimits?: BatchLimits) {
    // The base class only needs the database for its own driver, which is never created.
    super({ database: statements as unknown as SQLite.Database });
    this.#driver = new GroupCommitSqliteDriver(statements, sync, batchLimits);
  }
  override createDriver(): Driver {
    return this.#driver;
  }
  get driver(): GroupCommitSqliteDriver {
    return this.#driver;
  }
}
