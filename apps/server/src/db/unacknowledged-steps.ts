/**
 * Transactions that are steps of one larger write (an import batch of ten or so chunks) and whose
 * commits need not each wait until they are on disk.
 *
 * Invariants:
 * - Nothing is acknowledged from a step: the larger write answers only after its last transaction,
 *   run outside `asUnacknowledgedSteps`, which waits for its own flush as every transaction does.
 * - A flush makes durable every commit made before it, on both engines (SQLite: one fdatasync of
 *   the WAL, sqlite-wal-sync.ts; PostgreSQL: the WAL is flushed in order up to a commit's record),
 *   so that last wait covers every step.
 * - A step is applied again harmlessly: after a crash between two steps the larger write was never
 *   answered, and its caller sends it again.
 *
 * On SQLite, a step's COMMIT is still written at once and its failure still reported to the step;
 * only the fdatasync is not awaited (sqlite-lease.ts). On PostgreSQL the step's transaction runs
 * with `synchronous_commit = off` (postgres-dialect.ts). Either way an import of 100,000 rows no
 * longer waits for its chunks' flushes one after the other (1,000 on SQLite, 200 on PostgreSQL).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const steps = new AsyncLocalStorage<true>();

/** Runs `work`, whose transactions commit without waiting for their flush (see the invariants). */
export function asUnacknowledgedSteps<T>(work: () => Promise<T>): Promise<T> {
  return steps.run(true, work);
}

/** True inside `asUnacknowledgedSteps`: a transaction ending now need not wait for its flush. */
export function inUnacknowledgedStep(): boolean {
  return steps.getStore() === true;
}
