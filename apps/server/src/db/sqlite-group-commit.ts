import { closeSync, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import {
  type CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type SQLite from 'better-sqlite3';

/** What the driver needs of a better-sqlite3 connection (the statement cache of database.ts). */
export interface SqliteStatements {
  prepare(sql: string): SQLite.Statement;
  close(): void;
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
  restartWal?(): void;
}

/**
 * Group commit of SQLite writes. The writer runs at synchronous=NORMAL, so a COMMIT only writes
 * its WAL frames (no fsync, a short step on the event loop), and `durable()` makes them durable
 * with one fdatasync of the WAL file on libuv's thread pool (argon2's gate leaves it threads to
 * spare). Every commit made while a sync is running waits for the next one, which covers all of
 * them: under load one fsync serves many requests, and the event loop never waits for the disk
 * (what bounded checkout throughput, issue 9). A failed sync is final: after EIO the kernel may
 * have dropped the pages, so every later write reports the failure too.
 */
export interface WalSync {
  /**
   * Notes a write just made to the WAL and returns its ticket. Called in the same synchronous step
   * as the COMMIT, so no other code can see the commit before it is counted.
   */
  written(): number;
  /** The ticket of the latest write: what a read of the writer's connection now may have seen. */
  latest(): number;
  /** Resolves once the write with this ticket is on disk. */
  durable(ticket: number): Promise<void>;
  /** Resolves once every write noted so far is on disk; undefined when none is waiting. */
  pending(): Promise<void> | undefined;
  /** True while a write noted so far is not on disk yet. */
  isPending(): boolean;
  close(): void;
}

/** Told when a sync starts (in the step that fixes which writes it covers) and when it ends. */
export interface SyncListener {
  syncStarting(): void;
  syncEnded(ok: boolean): void;
}

export function groupSync(flush: () => Promise<void>, listener?: () => SyncListener | undefined): WalSync {
  let requested = 0;
  let synced = 0;
  let running: Promise<void> | undefined;
  let failed: Error | undefined;
  const syncOnce = async () => {
    // Covers every write made before the flush starts; later ones wait for the next flush.
    const covers = requested;
    listener?.()?.syncStarting();
    let ok = false;
    try {
      await flush();
      synced = covers;
      ok = true;
    } catch (error) {
      failed = new Error('SQLite: syncing the WAL to disk failed; restart the server', { cause: error });
    } finally {
      // Before the waiters resume: a request that committed then reads its own write.
      listener?.()?.syncEnded(ok);
      running = undefined;
    }
  };
  const durable = async (ticket: number) => {
    while (synced < ticket) {
      if (failed) throw failed;
      running ??= syncOnce();
      await running;
    }
    if (failed) throw failed;
  };
  return {
    written: () => ++requested,
    latest: () => requested,
    durable,
    pending: () => (failed || synced < requested ? durable(requested) : undefined),
    isPending: () => synced < requested,
    close() {},
  };
}

const datasync = promisify(fdatasync);

/**
 * `groupSync` over `<file>-wal`, which the writer must already have created (journal_mode=WAL).
 * The directory is synced once, so the WAL file's own entry survives a power loss (SQLite does
 * that at the first synced commit, which no longer happens).
 */
export function walFileSync(
  file: string,
  listener?: () => SyncListener | undefined,
  wrap?: (flush: () => Promise<void>) => Promise<void>,
): WalSync {
  const wal = openSync(`${file}-wal`, 'r+');
  const directory = openSync(dirname(file), 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
  const flush = () => datasync(wal);
  return { ...groupSync(wrap ? () => wrap(flush) : flush, listener), close: () => closeSync(wal) };
}

/** FIFO lock of the one SQLite connection. */
class Mutex {
  #locked = false;
  readonly #waiting: Array<() => void> = [];
  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/**
 * One use of the connection, from Kysely's acquire to its release. It takes the lock only for
 * statements that run on the writer (a SELECT outside a transaction runs on the durable reader
 * and never queues behind a transaction), and gives it up as soon as its writes are committed,
 * before waiting for the sync, so the next transaction runs (and commits into the same sync)
 * meanwhile; should it be used again (a `db.connection()` block, the migrator's), it takes the
 * lock again first.
 */
class Lease implements DatabaseConnection {
  held = false;
  inTransaction = false;
  constructor(
    private readonly statements: SqliteStatements,
    private readonly mutex: Mutex,
    private readonly sync: WalSync,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters as unknown[];
    if (!this.inTransaction && this.statements.readDurable && SelectQueryNode.is(compiledQuery.query)) {
      return { rows: this.statements.readDurable(compiledQuery.sql, parameters) as R[] };
    }
    if (!this.held) await this.take();
    if (!this.inTransaction) await this.boundWal();
    const statement = this.statements.prepare(compiledQuery.sql);
    let result: QueryResult<R>;
    if (statement.reader) result = { rows: statement.all(parameters) as R[] };
    else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }
    if (!this.inTransaction) {
      // A write outside a transaction committed by itself: answered once it is on disk. A read
      // of the writer (raw SQL) may have seen commits not yet synced: answered once they are.
      if (statement.readonly) await this.observed();
      else await this.settle();
    }
    return result;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams only SELECT queries');
    if (!this.held) await this.take();
    // Rows leave as they are read: every commit they can show is synced first. The lock is held,
    // so no commit comes in between; rare (exports), so holding it over one sync is fine.
    if (!this.inTransaction) await this.sync.pending();
    const statement = this.statements.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }

  /** Runs transaction control (BEGIN, COMMIT, ROLLBACK, savepoints). */
  async control(sql: string): Promise<void> {
    if (!this.held) await this.take();
    if (sql === 'BEGIN') await this.boundWal();
    this.statements.prepare(sql).run();
  }

  /**
   * Before a transaction, with the lock held (no commit can come in): when the WAL is past its
   * bound, waits until every commit is synced, then lets the statements restart it. A pause of
   * one sync and one checkpoint every WAL's worth of writes, like SQLite's own autocheckpoint.
   */
  private async boundWal(): Promise<void> {
    if (!this.statements.walTooLarge?.()) return;
    await this.sync.pending();
    this.statements.restartWal?.();
  }

  /** Commits the lease's transaction (it holds the lock while in one), then `settle`s. */
  async commit(): Promise<void> {
    this.statements.prepare('COMMIT').run();
    this.inTransaction = false;
    await this.settle();
  }

  /**
   * Counts the write just committed, lets the next user of the connection in, then waits until
   * the write is on disk. Synchronous up to the wait, right after the statement that committed.
   * Its ticket covers every commit before it, so whatever the transaction read is durable too.
   */
  settle(): Promise<void> {
    const ticket = this.sync.written();
    this.release();
    return this.sync.durable(ticket);
  }

  /**
   * After reads of the writer that wrote nothing (a rolled-back transaction, raw SQL): lets the
   * next user in, then waits until every commit those reads could have seen is on disk, so an
   * answer built from them (an error message included) never shows a write a power loss can undo.
   */
  observed(): Promise<void> {
    const ticket = this.sync.latest();
    this.release();
    return this.sync.durable(ticket);
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.mutex.unlock();
  }

  private async take(): Promise<void> {
    await this.mutex.lock();
    this.held = true;
  }
}

/**
 * Kysely's SQLite driver (one connection behind a lock, BEGIN/COMMIT/ROLLBACK) with group commit:
 * a transaction's COMMIT is acknowledged only after `sync.durable()`, which it awaits without
 * holding the connection. Each transaction is still its own SQLite transaction: isolation and
 * atomicity are SQLite's, only the fsync is shared.
 *
 * A commit is visible to the writer's own later statements from its COMMIT, a few milliseconds
 * before its sync ends, and a power loss in that window could take back a write a read already
 * showed (a retried sale's stored result, say). PostgreSQL shows a commit only once it is flushed;
 * so does this driver, per request rather than by making every answer wait for every sync:
 * - a SELECT outside a transaction runs on the reader, whose snapshot holds only synced commits;
 * - a transaction's commit waits for its own sync, which also covers every commit it could read;
 * - a rolled-back transaction and a raw read of the writer wait for the commits made before them;
 * so a read-only request never waits for another request's fsync (issue 8 §1.6), and one that
 * wrote waits only for its own. A process crash loses nothing: the WAL is in the page cache.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #mutex = new Mutex();
  constructor(
    private readonly statements: SqliteStatements,
    private readonly sync: WalSync,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // The lock is taken by the lease's first statement that needs the writer.
    return new Lease(this.statements, this.#mutex, this.sync);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await lease.control('BEGIN');
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A COMMIT that throws (the transaction stays open) leaves the lease in it, for the rollback.
    await (connection as Lease).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Kysely also rolls back when the commit's sync failed: the lock is no longer this lease's,
    // and a ROLLBACK now would undo another request's transaction.
    if (!lease.inTransaction) return;
    lease.inTransaction = false;
    await lease.control('ROLLBACK');
    await lease.observed();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as Lease).control(`SAVEPOINT ${quoteName(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as Lease).control(`ROLLBACK TO ${quoteName(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as Lease).control(`RELEASE ${quoteName(name)}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Kysely ends a transaction before releasing; this covers a `db.connection()` block left in one.
    if (lease.inTransaction) await this.rollbackTransaction(lease);
    lease.release();
  }

  async destroy(): Promise<void> {
    this.statements.close();
    this.sync.close();
  }
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Kysely's SQLite dialect with `GroupCommitSqliteDriver` as its driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #driver: GroupCommitSqliteDriver;
  constructor(statements: SqliteStatements, sync: WalSync) {
    // The base class only needs the database for its own driver, which is never created.
    super({ database: statements as unknown as SQLite.Database });
    this.#driver = new GroupCommitSqliteDriver(statements, sync);
  }
  override createDriver(): Driver {
    return this.#driver;
  }
}
