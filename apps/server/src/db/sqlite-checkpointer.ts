import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

/**
 * WAL pages the writer lets pile up before it checkpoints by itself, in its COMMIT, on the event
 * loop: a distant backstop (about 512 MB) should the background checkpoints and restarts stop.
 * Nearer, it would run in every COMMIT once the WAL passed it, which writes hold the WAL near
 * its restart bound (database.ts) most of the time.
 */
export const WRITER_CHECKPOINT_PAGES = 131_072;
/**
 * The checkpointer's connection checkpoints but never changes the data: the write worker's is the
 * one connection that writes, and SQLite still allows a checkpoint under `query_only`.
 */
export const CHECKPOINT_CONNECTION_PRAGMA = 'query_only = 1';
/** How long the checkpointer waits after a write, so one checkpoint covers a burst of commits. */
const GATHER_MS = 50;

/** Slots of the shared control array. */
const WRITES = 0;
const STOP = 1;
/** 1 while the main thread waits for a restart of the WAL (Checkpointer.restartWal). */
const RESTART = 2;
/** How long the writer waits for a restart before doing it itself (the worker may be gone). */
const RESTART_WAIT_MS = 10_000;

/** Atomics.waitAsync (in Node since 16), which the TypeScript lib of this project does not list yet. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
  }
).waitAsync;

/**
 * Runs in the worker: sleeps until the main thread reports a write, lets a burst gather, then
 * copies the WAL into the database file with a PASSIVE checkpoint, which never waits for and never
 * blocks the writer or the readers. Asked to help restart the WAL (no snapshot is open then, and
 * no commit comes in), it checkpoints at once, copying every frame, and says when it is done: the
 * writer's next write then starts the WAL over. Its connection is `query_only`: a checkpoint is
 * allowed, a change of the data refused. CommonJS text, so it runs the same under tsx and compiled.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const control = new Int32Array(workerData.control);
const db = new Database(workerData.file);
db.pragma(${JSON.stringify(CHECKPOINT_CONNECTION_PRAGMA)});
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
for (;;) {
  Atomics.wait(control, ${WRITES}, 0);
  if (Atomics.load(control, ${STOP})) break;
  if (!Atomics.load(control, ${RESTART})) Atomics.wait(control, ${STOP}, 0, workerData.gatherMs);
  if (Atomics.load(control, ${STOP})) break;
  Atomics.store(control, ${WRITES}, 0);
  const restarting = Atomics.load(control, ${RESTART}) === 1;
  try {
    checkpoint.run();
  } catch (error) {
    parentPort.postMessage(String(error && error.message));
  }
  if (restarting) {
    Atomics.store(control, ${RESTART}, 0);
    Atomics.notify(control, ${RESTART});
  }
}
db.close();
`;

export interface Checkpointer {
  /** Tells the checkpointer the writer is about to change the database; cheap, called per statement. */
  noteWrite(): void;
  /**
   * Copies the whole WAL into the database file, from the worker, so its fsync never stops the
   * event loop; resolves when done, and the writer's next write starts the WAL over. The caller
   * holds the writer (no commit comes in meanwhile) and has ended the durable reader's snapshots.
   * False when the worker did not answer in time (stopped).
   */
  restartWal(): Promise<boolean>;
  /** Stops the worker and waits for it to close its connection. */
  close(): Promise<void>;
}

/**
 * Checkpoints a WAL database from a worker thread. better-sqlite3 is synchronous, so a checkpoint
 * run by the writer (SQLite's default: inside the commit that passes 1,000 WAL pages) stops this
 * process's event loop while it copies pages into the database file and fsyncs it: during a large
 * import that was most of the longest pauses other stores' requests saw. SQLite's advice is to
 * checkpoint from another thread; the writer keeps only a distant backstop
 * (`WRITER_CHECKPOINT_PAGES`). The worker is unref'd: it never keeps a process alive.
 */
export function startCheckpointer(file: string, log?: FastifyBaseLogger): Checkpointer {
  const control = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      control: control.buffer,
      gatherMs: GATHER_MS,
    },
  });
  worker.unref();
  worker.on('message', (message: string) => log?.warn({ message }, 'SQLite background checkpoint failed'));
  worker.on('error', (error) => log?.error({ err: error }, 'SQLite checkpointer stopped'));
  let running = true;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  return {
    async restartWal() {
      if (!running) return false;
      Atomics.store(control, RESTART, 1);
      Atomics.store(control, WRITES, 1);
      // Wakes the worker whether it sleeps until a write or gathers one.
      Atomics.notify(control, WRITES);
      Atomics.notify(control, STOP);
      const waiting = waitAsync(control, RESTART, 1, RESTART_WAIT_MS);
      const outcome = waiting.async ? await waiting.value : waiting.value;
      return outcome !== 'timed-out';
    },
    noteWrite() {
      if (Atomics.load(control, WRITES) !== 0) return;
      Atomics.store(control, WRITES, 1);
      Atomics.notify(control, WRITES);
    },
    async close() {
      // Held by the worker until it has exited: otherwise a process with nothing else to do (a
      // CLI closing its database) would find its event loop empty and exit with the close pending.
      worker.ref();
      Atomics.store(control, STOP, 1);
      // Also wakes a worker that has not reached its first wait yet.
      Atomics.store(control, WRITES, 1);
      Atomics.notify(control, STOP);
      Atomics.notify(control, WRITES);
      await exited;
    },
  };
}
