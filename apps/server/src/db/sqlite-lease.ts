/**
 * A lease: one Kysely use of the writing connection, from acquire to release.
 *
 * Invariants:
 * - It holds the writer's lock (`held`) only while it runs statements on the writer, and gives it
 *   up before waiting for a sync, so the next transaction commits into the same sync meanwhile.
 * - A transaction is a savepoint (`batch_member`) in the open batch; it is answered only once the
 *   batch's COMMIT is synced, and a rollback undoes only its own savepoint.
 * - A SELECT outside a transaction runs on the durable reader, never on the writer; any other
 *   statement outside a transaction first commits the open batch (keeping the order of writes).
 * - Every answer waits for the sync of every commit it could have read.
 * Created by the driver (sqlite-group-commit.ts) on the main thread.
 */
import { type CompiledQuery, SelectQueryNode, type DatabaseConnection, type QueryResult } from 'kysely';
import { Batch, MEMBER } from './sqlite-batch.ts';
import type { SqliteStatements } from './sqlite-statements.ts';
import type { WalSync } from './sqlite-wal-sync.ts';
import type { Writer } from './sqlite-writer.ts';

/**
 * One use of the connection, from Kysely's acquire to its release. It takes the lock only for
 * statements that run on the writer (a SELECT outside a transaction runs on the durable reader
 * and never queues behind a transaction), and gives it up as soon as its writes are done, before
 * waiting for the sync, so the next transaction runs (and commits into the same sync, or joins the
 * same batch) meanwhile; should it be used again (a `db.connection()` block, the migrator's), it
 * takes the lock again first.
 */
export class Lease implements DatabaseConnection {
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
