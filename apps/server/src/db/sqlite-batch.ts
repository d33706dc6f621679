/**
 * A batch: transactions of the writer that share one SQLite transaction and one COMMIT.
 *
 * Invariants:
 * - At most one batch is open (`Writer.batch`); it is only touched by the holder of the writer's
 *   lock (or by the writer committing it at a sync's end, the lock taken), on the main thread.
 * - No member is answered before the batch's COMMIT is synced: `settle` hands out the COMMIT's sync
 *   ticket (or its failure) to every member at once.
 * - `wrote` is false only while every member so far rolled back.
 */

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
export const BATCH_LIMITS: Required<BatchLimits> = { members: 128, ms: 100 };
/** The savepoint each transaction of a batch runs in, so it can be undone alone. */
export const MEMBER = 'SAVEPOINT batch_member';

/**
 * Transactions that share one SQLite transaction: each runs in its own savepoint (undone alone if
 * it fails), and one COMMIT writes all of them to the WAL. A COMMIT writes every page the
 * transaction changed as a WAL frame, two write() calls each, and under load that was the largest
 * part of a sale's cost: a 5-line sale changes about 80 pages, and sales committed together share
 * the pages they all append to (the sales, lines and ledger tables and their time-ordered indexes)
 * and each COMMIT's own work. Members are answered only once the COMMIT is synced, so none is
 * acknowledged before all of them are durable, and a COMMIT that fails fails all of them
 * (none was answered yet).
 */
export class Batch {
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
