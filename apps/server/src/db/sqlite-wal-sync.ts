/**
 * Group commit's sync of the WAL: one fdatasync shared by every commit made before it starts.
 *
 * Invariants:
 * - A ticket (`written()`) is taken in the same synchronous step as the COMMIT it counts, so no code
 *   can see a commit before it is counted; `durable(ticket)` resolves only after a sync that
 *   started after that step ended.
 * - At most one sync runs at a time; it covers exactly the tickets taken before it started.
 * - `SyncListener.syncStarting` runs in the step that fixes what a sync covers, and `syncEnded`
 *   before any waiter of that sync resumes (the durable reader relies on both: sqlite-reader.ts).
 * - A failed sync is final: every later `durable`/`pending` rejects with it.
 * Called by the writer's lease and the driver (sqlite-lease.ts, sqlite-group-commit.ts) on the main
 * thread only; the flush itself runs on libuv's thread pool.
 */
import { closeSync, fdatasync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

/**
 * Group commit of SQLite writes. The writer runs at synchronous=NORMAL, so a COMMIT only writes
 * its WAL frames (no fsync, a short step on the event loop), and `durable()` makes them durable
 * with one fdatasync of the WAL file on libuv's thread pool (argon2's gate leaves it threads to
 * spare). Every commit made while a sync is running waits for the next one, which covers all of
 * them: under load one fsync serves many requests, and the event loop never waits for the disk
 * (what bounded checkout throughput). A failed sync is final: after EIO the kernel may have dropped
 * the pages, so every later write reports the failure too.
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
