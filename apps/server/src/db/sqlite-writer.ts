/**
 * The one writing connection's lock and the batch open on it, which every lease shares.
 *
 * Invariants:
 * - Statements run on the connection only with `mutex` held (by a lease, the driver's `openStream`,
 *   or the writer itself committing a batch at a sync's end).
 * - A batch's COMMIT and its sync ticket (`sync.written()`) happen in one synchronous step.
 * - The WAL is restarted (`boundWal`) only with the lock held and before a new transaction: every
 *   commit is synced first, so no reader snapshot holds an unsynced commit when it ends.
 * - After `close`, no batch is committed again.
 * Main thread only.
 */
import type { Batch, BatchLimits } from './sqlite-batch.ts';
import { Mutex } from './sqlite-mutex.ts';
import type { SqliteStatements } from './sqlite-statements.ts';
import type { WalSync } from './sqlite-wal-sync.ts';

/** The one connection's lock and the batch open on it, which every lease shares. */
export class Writer {
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
