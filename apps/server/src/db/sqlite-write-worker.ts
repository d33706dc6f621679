import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ApiError } from '@shopdesk/shared';
import { AppError } from '../lib/errors.ts';
import type { GroupCommitSqliteDriver } from './sqlite-group-commit.ts';
import type { WriteTask } from './write-task.ts';

/** One write task sent to the worker: which export of which module, and its argument. */
export interface TaskUnit {
  module: string;
  name: string;
  payload: unknown;
}

/** An error as it crosses threads (sqlite-write-worker.thread.ts `sent`). */
export interface SentError {
  name: string;
  message: string;
  code?: string;
  statusCode?: number;
  details?: ApiError['details'];
  headers?: Record<string, string>;
}

export type TaskOutcome = { ok: true; value: unknown } | { ok: false; error: SentError };

/** A batch's answer: each task's outcome in order, or one failure of the whole batch (nothing of it stored). */
export type BatchReply = { outcomes: TaskOutcome[]; wrote: boolean } | { failed: SentError };

/** Runs `work` with the SQLite writer to itself (the group-commit driver's `exclusive`). */
export type Exclusive = GroupCommitSqliteDriver['exclusive'];

/** What the main thread sends: a batch of tasks, or modules to load ahead of their first task. */
export type WorkerMessage = { units: TaskUnit[] } | { load: string[] };

export interface WriteWorker {
  run<P, R>(task: WriteTask<P, R>, payload: P): Promise<R>;
  /** Starts the thread and loads these tasks' modules, so the first of them does not wait for it. */
  prepare(tasks: WriteTask<never, unknown>[]): Promise<void>;
  /** Waits for the tasks sent so far, then stops the thread. */
  close(): Promise<void>;
}

/** Most tasks one batch (one SQLite transaction) takes. */
const BATCH_TASKS = 128;

/**
 * How to start the thread: its compiled file next to this one, or, when this module runs as
 * TypeScript (tests, `npm run dev`), a bootstrap that loads it through tsx's require hook: Node 20
 * applies no module loader hooks (tsx's ESM loader) inside worker threads.
 */
function threadStart(): { entry: URL | string; eval: boolean; typescript: boolean } {
  const ext = extname(new URL(import.meta.url).pathname);
  const file = new URL(`./sqlite-write-worker.thread${ext}`, import.meta.url);
  if (ext !== '.ts') return { entry: file, eval: false, typescript: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(fileURLToPath(file))});`;
  return { entry: source, eval: true, typescript: true };
}

function received(error: SentError): Error {
  if (error.name === 'AppError' && error.statusCode !== undefined && error.code !== undefined)
    return new AppError(error.statusCode, error.code, error.message, error.details, error.headers);
  return Object.assign(new Error(error.message), { name: error.name, code: error.code });
}

interface Job {
  unit: TaskUnit;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The SQLite writer's second connection, in a worker thread: a write task (write-task.ts) sent
 * here runs there, so SQLite's part of a write (a sale's two dozen statements and its COMMIT) no
 * longer takes the event loop, which meanwhile serves the next requests: at 50 concurrent
 * checkouts the main thread was saturated, and SQLite's own work was most of it (issue 9).
 *
 * SQLite allows one writer, so a batch runs while the main thread's writer is held for it
 * (`exclusive`), which also keeps the reads outside transactions on synced commits. Tasks that
 * come while a batch runs make up the next one, sent as it returns: under load the thread never
 * waits, and each batch is one SQLite transaction, its COMMIT shared by all its tasks. Each task
 * is answered once the WAL is synced after its batch, by the group commit, as every transaction
 * of this process is.
 */
export function startWriteWorker(options: {
  file: string;
  walRestartBytes: number;
  exclusive: Exclusive;
}): WriteWorker {
  let worker: Worker | null = null;
  let waiting: { resolve(reply: BatchReply): void; reject(error: unknown): void } | null = null;
  const queue: Job[] = [];
  let pumping: Promise<void> | null = null;
  let closed = false;

  // Started at the first task: a server that never sells never loads the thread.
  const spawn = (): Worker => {
    const start = threadStart();
    const thread = new Worker(start.entry, {
      eval: start.eval,
      workerData: { file: options.file, walRestartBytes: options.walRestartBytes, typescript: start.typescript },
    });
    thread.on('message', (reply: BatchReply) => waiting?.resolve(reply));
    thread.on('error', (error) => waiting?.reject(error));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      waiting?.reject(new Error(`SQLite write worker stopped (exit code ${code})`));
    });
    return thread;
  };

  const send = (message: WorkerMessage) =>
    new Promise<BatchReply>((resolve, reject) => {
      waiting = { resolve, reject };
      (worker ??= spawn()).postMessage(message);
    }).finally(() => {
      waiting = null;
    });

  const answer = (jobs: Job[], reply: BatchReply) => {
    jobs.forEach((job, i) => {
      const outcome = 'failed' in reply ? ({ ok: false, error: reply.failed } as const) : reply.outcomes[i];
      if (!outcome) job.reject(new Error('SQLite write worker: a task has no outcome'));
      else if (outcome.ok) job.resolve(outcome.value);
      else job.reject(received(outcome.error));
    });
  };

  const pump = async () => {
    while (queue.length > 0) {
      const jobs = queue.splice(0, BATCH_TASKS);
      try {
        const { value: reply, durable } = await options.exclusive(async () => {
          const reply = await send({ units: jobs.map((job) => job.unit) });
          return { value: reply, wrote: 'outcomes' in reply && reply.wrote };
        });
        // The next batch runs while this one's sync does.
        durable().then(
          () => answer(jobs, reply),
          (error: unknown) => jobs.forEach((job) => job.reject(error)),
        );
      } catch (error) {
        jobs.forEach((job) => job.reject(error));
      }
    }
    pumping = null;
  };

  return {
    run<P, R>(task: WriteTask<P, R>, payload: P): Promise<R> {
      if (closed) return Promise.reject(new Error('SQLite write worker: the database is closed'));
      return new Promise<R>((resolve, reject) => {
        queue.push({
          unit: { module: task.module, name: task.name, payload },
          resolve: resolve as Job['resolve'],
          reject,
        });
        pumping ??= pump();
      });
    },
    async prepare(tasks) {
      // A task sent meanwhile loads its module itself.
      if (closed || pumping) return;
      const reply = await send({ load: [...new Set(tasks.map((task) => task.module))] });
      if ('failed' in reply) throw received(reply.failed);
    },
    async close() {
      closed = true;
      await pumping;
      await worker?.terminate();
      worker = null;
    },
  };
}
