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
  /**
   * While a sync runs: calls `then` as it ends, before the next one can start, and returns true.
   * Without one running, returns false and never calls it.
   */
  whenSyncEnds(then: () => void): boolean;
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
  let atEnd: Array<() => void> = [];
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
      // Also before them: what commits now is covered by the sync they start next.
      const callbacks = atEnd;
      atEnd = [];
      for (const callback of callbacks) callback();
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
    whenSyncEnds(then) {
      if (!running) return false;
      atEnd.push(then);
      return true;
    },
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
  /** Takes the lock if it is free, at once. */
  tryLock(): boolean {
    if (this.#locked) return false;
    this.#locked = true;
    return true;
  }
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
 * Most transactions a batch takes, and how long it takes new ones. A batch commits as the running
 * sync ends (its transactions could not be durable sooner), or once the event loop has served the
 * requests that came meanwhile when no sync runs; the age limit only matters when a transaction
 * holds the connection across turns of the event loop (an import's chunk), so that those before
 * it do not wait much longer for it.
 */
export interface BatchLimits {
  members?: number;
  ms?: number;
}
const BATCH_LIMITS: Required<BatchLimits> = { members: 128, ms: 100 };
/** The savepoint each transaction of a batch runs in, so it can be undone alone. */
const MEMBER = 'SAVEPOINT batch_member';

/**
 * Transactions that share one SQLite transaction: each runs in its own savepoint (undone alone if
 * it fails), and one COMMIT writes all of them to the WAL. A COMMIT writes every page the
 * transaction changed as a WAL frame, two write() calls each, and under load that was the largest
 * part of a sale's cost (issue 9): a 5-line sale changes about 80 pages, and sales committed
 * together share the pages they all append to (the sales, lines and ledger tables and their
 * time-ordered indexes) and each COMMIT's own work. Members are answered only once the COMMIT is
 * synced, so none is acknowledged before all of them are durable, and a COMMIT that fails fails
 * all of them (none was answered yet).
 */
class Batch {
  constructor(private readonly limits: Required<BatchLimits>) {}
  members = 0;
  /** False while every member so far rolled back: its COMMIT then writes nothing to wait for. */
  wrote = false;
  /** Whether its COMMIT is already scheduled (Writer.commitSoon). */
  scheduled = false;
  readonly #started = performance.now();
  readonly #waiting: Array<{ resolve: (ticket: number) => void; reject: (error: unknown) => void }> = [];

  /** Whether one more transaction may join: few enough and young enough. */
  joinable(): boolean {
    return this.members < this.limits.members && performance.now() - this.#started < this.limits.ms;
  }

  /** Resolves with the sync ticket of the batch's COMMIT. */
  committed(): Promise<number> {
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  settle(outcome: { ticket: number } | { error: unknown }): void {
    for (const waiter of this.#waiting.splice(0)) {
      if ('ticket' in outcome) waiter.resolve(outcome.ticket);
      else waiter.reject(outcome.error);
    }
  }
}

/** The one connection's lock and the batch open on it, which every lease shares. */
class Writer {
  readonly mutex = new Mutex();
  batch: Batch | null = null;
  #closed = false;
  constructor(
    private readonly statements: SqliteStatements,
    private readonly sync: WalSync,
    readonly limits: Required<BatchLimits>,
  ) {}

  /** Commits the open batch, the lock held, and gives its members their sync ticket or its failure. */
  commitBatch(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = null;
    try {
      this.statements.prepare('COMMIT').run();
    } catch (error) {
      // A COMMIT that failed may leave the transaction open: nothing of the batch may stay.
      if (this.statements.inTransaction()) this.statements.prepare('ROLLBACK').run();
      batch.settle({ error });
      throw error;
    }
    // A batch whose members all rolled back waits only for the commits they could have read.
    batch.settle({ ticket: batch.wrote ? this.sync.written() : this.sync.latest() });
  }

  /** Commits the batch open before the caller's turn; its members get a failure, not the caller. */
  commitOpenBatch(): void {
    try {
      this.commitBatch();
    } catch {
      // The batch's members report it; the caller's statements run in a transaction of their own.
    }
  }

  /**
   * Before a transaction, with the lock held (no commit can come in): when the WAL is past its
   * bound, waits until every commit is synced, then lets the statements restart it. A pause of
   * one sync and one checkpoint every WAL's worth of writes, like SQLite's own autocheckpoint.
   */
  async boundWal(): Promise<void> {
    if (!this.statements.walTooLarge?.()) return;
    await this.sync.pending();
    await this.statements.restartWal?.();
  }

  /**
   * Leaves the batch open for the transactions still to come: a transaction runs start to end
   * without giving way (its statements are synchronous), so sales only share a COMMIT if it waits
   * for them. While a sync runs, nothing committed now could be acknowledged before the next one
   * ends anyway: the batch takes every sale that comes meanwhile and commits as that sync ends,
   * just before the next starts. With no sync running, it commits once the event loop has polled
   * for I/O and run the handlers of what came (setImmediate).
   */
  commitSoon(batch: Batch): void {
    if (batch.scheduled) return;
    batch.scheduled = true;
    if (this.sync.whenSyncEnds(() => this.#commitAtSyncEnd(batch))) return;
    setImmediate(() => void this.#commitIfOpen(batch));
  }

  /** At once when the connection is free (the usual case: transactions do not span turns). */
  #commitAtSyncEnd(batch: Batch): void {
    if (this.batch !== batch || this.#closed) return;
    if (!this.mutex.tryLock()) {
      void this.#commitIfOpen(batch);
      return;
    }
    try {
      this.commitBatch();
    } catch {
      // The batch's members get the failure.
    } finally {
      this.mutex.unlock();
    }
  }

  async #commitIfOpen(batch: Batch): Promise<void> {
    await this.mutex.lock();
    try {
      if (this.batch === batch && !this.#closed) this.commitBatch();
    } catch {
      // The batch's members get the failure.
    } finally {
      this.mutex.unlock();
    }
  }

  /** At shutdown: commits the open batch, after the transactions holding or awaiting the lock. */
  async close(): Promise<void> {
    await this.mutex.lock();
    try {
      if (this.batch) this.commitBatch();
    } catch {
      // The batch's members get the failure.
    } finally {
      this.#closed = true;
      this.mutex.unlock();
    }
  }
}

/**
 * One use of the connection, from Kysely's acquire to its release. It takes the lock only for
 * statements that run on the writer (a SELECT outside a transaction runs on the durable reader
 * and never queues behind a transaction), and gives it up as soon as its writes are done, before
 * waiting for the sync, so the next transaction runs (and commits into the same sync, or joins the
 * same batch) meanwhile; should it be used again (a `db.connection()` block, the migrator's), it
 * takes the lock again first.
 */
class Lease implements DatabaseConnection {
  held = false;
  inTransaction = false;
  constructor(
    private readonly statements: SqliteStatements,
    private readonly writer: Writer,
    private readonly sync: WalSync,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters as unknown[];
    if (!this.inTransaction && this.statements.readDurable && SelectQueryNode.is(compiledQuery.query)) {
      return { rows: this.statements.readDurable(compiledQuery.sql, parameters) as R[] };
    }
    if (!this.held) await this.take();
    if (!this.inTransaction) await this.outsideBatch();
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
    if (!this.inTransaction) {
      await this.outsideBatch();
      await this.sync.pending();
    }
    const statement = this.statements.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }

  /**
   * Starts the lease's transaction: a savepoint in the open batch, or a new batch when none is
   * open or the open one takes no more (it is committed first).
   */
  async begin(): Promise<void> {
    if (!this.held) await this.take();
    if (this.writer.batch && !this.writer.batch.joinable()) this.writer.commitOpenBatch();
    if (!this.writer.batch) {
      await this.writer.boundWal();
      this.run('BEGIN');
      this.writer.batch = new Batch(this.writer.limits);
    }
    this.run(MEMBER);
    this.writer.batch.members++;
    this.inTransaction = true;
  }

  /** Runs a savepoint statement inside the lease's transaction. */
  async savepoint(sql: string): Promise<void> {
    if (!this.held) await this.take();
    this.run(sql);
  }

  /** Ends the lease's transaction, keeping its changes in the batch, then waits until they are durable. */
  commit(): Promise<void> {
    this.run('RELEASE batch_member');
    this.inTransaction = false;
    if (this.writer.batch) this.writer.batch.wrote = true;
    return this.leaveBatch();
  }

  /**
   * Undoes the lease's transaction alone. It may have read changes of the batch's other
   * transactions, so its answer (an error, say) waits until those are durable, as a commit would.
   */
  async rollback(): Promise<void> {
    this.inTransaction = false;
    if (!this.statements.inTransaction()) {
      // SQLite ended the whole transaction by itself (disk full, I/O error): the batch is gone.
      const batch = this.writer.batch;
      this.writer.batch = null;
      batch?.settle({ error: new Error('SQLite: the transaction was rolled back by the database') });
      this.release();
      return;
    }
    this.run('ROLLBACK TO batch_member');
    this.run('RELEASE batch_member');
    await this.leaveBatch();
  }

  /**
   * After a member's transaction: the batch stays open for the transactions still to come
   * (Writer.commitSoon), unless it takes no more. Then waits until its COMMIT is synced.
   */
  private async leaveBatch(): Promise<void> {
    const batch = this.writer.batch;
    if (!batch) throw new Error('SQLite: no batch open for a transaction ending');
    const committed = batch.committed();
    if (batch.joinable()) this.writer.commitSoon(batch);
    else {
      try {
        this.writer.commitBatch();
      } catch {
        // `committed` rejects with the failure.
      }
    }
    this.release();
    await this.sync.durable(await committed);
  }

  /**
   * Before a statement outside any transaction, with the lock held: commits an open batch first
   * (its members then get their answers in order), then bounds the WAL like a new transaction.
   */
  private async outsideBatch(): Promise<void> {
    this.writer.commitOpenBatch();
    await this.writer.boundWal();
  }

  private run(sql: string): void {
    this.statements.prepare(sql).run();
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
   * After reads of the writer that wrote nothing (raw SQL): lets the next user in, then waits
   * until every commit those reads could have seen is on disk, so an answer built from them (an
   * error message included) never shows a write a power loss can undo.
   */
  observed(): Promise<void> {
    const ticket = this.sync.latest();
    this.release();
    return this.sync.durable(ticket);
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.writer.mutex.unlock();
  }

  private async take(): Promise<void> {
    await this.writer.mutex.lock();
    this.held = true;
  }
}

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
 * so a read-only request never waits for another request's fsync (issue 8 §1.6), and one that
 * wrote waits only for its own. A process crash loses nothing acknowledged: the WAL is in the page cache.
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
   * Runs `work`, which writes on another connection to the same database (the write worker,
   * sqlite-write-worker.ts), while this connection is held for it: SQLite allows one writer, and
   * the open batch commits first. `durable` then resolves once what it wrote is on disk. While it
   * runs, `writingElsewhere()` is true: a commit may be in the WAL before the group commit has
   * counted it, so the durable reader must not take a new snapshot.
   */
  async exclusive<T>(
    work: () => Promise<{ value: T; wrote: boolean }>,
  ): Promise<{ value: T; durable: () => Promise<void> }> {
    await this.#writer.mutex.lock();
    try {
      this.#writer.commitOpenBatch();
      await this.#writer.boundWal();
      // The reader's durable snapshot is taken (if none is open) before anything is written.
      this.statements.beforeWrite?.();
      this.#writingElsewhere = true;
      let ticket: number;
      try {
        const { value, wrote } = await work();
        ticket = wrote ? this.sync.written() : this.sync.latest();
        return { value, durable: () => this.sync.durable(ticket) };
      } catch (error) {
        // It may have committed before it failed to answer: counted, so later reads wait for its sync.
        this.sync.written();
        throw error;
      } finally {
        this.#writingElsewhere = false;
      }
    } finally {
      this.#writer.mutex.unlock();
    }
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
