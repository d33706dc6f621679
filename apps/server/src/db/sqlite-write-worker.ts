import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { AppError } from '../core/errors.ts';
import type { SentError } from './sent-error.ts';
import type { GroupCommitSqliteDriver, WriterStream } from './sqlite-group-commit.ts';
import { ANSWERED, STOPPED, type StatementCall, type StatementReply } from './sqlite-remote-statements.ts';
import type { WriteTask } from './write-task.ts';

/** One write task sent to the worker: which export of which module, and its argument. */
export interface TaskUnit {
  module: string;
  name: string;
  payload: unknown;
}

export type TaskOutcome = { ok: true; value: unknown } | { ok: false; error: SentError };

/** A batch's answer: each task's outcome in order, or one failure of the whole batch (nothing of it stored). */
export type BatchReply = { outcomes: TaskOutcome[]; wrote: boolean } | { failed: SentError };

/**
 * What the thread answers: a batch (the next `count` tasks sent, in the order sent), or that the
 * modules of a `load` are loaded.
 */
export type WorkerReply = (BatchReply & { count: number }) | { loaded: true; failed?: SentError };

/** Opens the SQLite writer to the thread's batches (the group-commit driver's `openStream`). */
export type OpenStream = GroupCommitSqliteDriver['openStream'];

/** What the main thread sends: tasks to run, or modules to load ahead of their first task. */
export type WorkerMessage = { units: TaskUnit[] } | { load: string[] };

export interface WriteWorker {
  run<P, R>(task: WriteTask<P, R>, payload: P): Promise<R>;
  /** Loads these tasks' modules in the thread, so the first of them does not wait for it. */
  prepare(tasks: WriteTask<never, unknown>[]): Promise<void>;
  /**
   * Runs one statement call of the main thread on the thread's connection, blocking until it
   * answers (sqlite-remote-statements.ts); only by the holder of the main writer's lock.
   */
  call(call: StatementCall): unknown;
  /** Takes no more tasks and waits for those sent so far. */
  drain(): Promise<void>;
  /** Closes the connection and stops the thread (after `drain` and the driver's last batch). */
  close(): Promise<void>;
}

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
  /** The task's `answerAtCommit`: answered once its batch is committed, without waiting for the sync. */
  atCommit: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Most tasks sent to the thread and not answered yet: about one batch running and the next one
 * gathering. A stream that should end (a transaction of the main thread waits, or the WAL is due a
 * restart) ends once these are answered, so this bounds that wait and the WAL's growth meanwhile.
 */
const SENT_AHEAD = 128;

/** How long opening the thread's connection may take (loading the thread under tsx included). */
const START_MS = 60_000;

interface Thread {
  worker: Worker;
  /** The main thread's end of the statement calls' channel. */
  calls: MessagePort;
  signals: Int32Array;
}

/**
 * The process's one writing SQLite connection, in a worker thread (the one write path).
 * A write task (write-task.ts) sent here runs there, so SQLite's part of a write (a sale's two
 * dozen statements and its COMMIT) no longer takes the event loop, which meanwhile serves the next
 * requests: at 50 concurrent checkouts the main thread was saturated, and SQLite's own work was
 * most of it. The main thread's own transactions run their statements on the same connection
 * through `call`, a blocking round trip (sqlite-remote-statements.ts), so no other connection ever
 * writes: the main thread's are read-only (sqlite-reader.ts) or `query_only`
 * (sqlite-checkpointer.ts).
 *
 * The main thread's group commit (sqlite-group-commit.ts) orders everything written here: the
 * thread's batches run while the main writer's lock is lent to them (a stream, `openStream`), which
 * also keeps the reads outside transactions on synced commits, and the main thread's calls are made
 * under that same lock, so they never come during a batch. A task is sent to the thread as it comes
 * (up to `SENT_AHEAD` ahead), and the thread starts its next batch, every task that came while the
 * last one ran, as soon as that one is committed, without waiting for the main thread to take the
 * answer (under the checkout bench it stood idle a fifth of its time that way). Each batch is
 * one SQLite transaction, its COMMIT shared by all its tasks, and each task is answered once the WAL
 * is synced after its batch, by the group commit, as every transaction of this process is (but for
 * a task that answers at its commit, write-task.ts `answerAtCommit`; its sync runs all the same). The
 * stream ends when nothing sent is unanswered, and at the next answer once a transaction of the main
 * thread waits for the writer or the WAL is due a restart.
 *
 * Why the worker's connection and not the main thread's as the one writer: the worker is what takes
 * a sale's SQLite work off the event loop, which the checkout budget needs, and the main thread's
 * transactions (imports, settings, sign-ups) are few statements a request, each now a round trip;
 * why not two writers taking turns, as before: each had its own view of the connection state (the
 * WAL restart, a transaction left open), and the turns were one more protocol to get right (fbfb195
 * had to revert a livelock in it).
 *
 * The thread starts here, and this returns once its connection is open (WAL files made, which
 * the read-only connections need); should it stop (a task that exits), the next call or task
 * starts another.
 */
export function startWriteWorker(options: {
  file: string;
  walRestartBytes: number;
  openStream: OpenStream;
}): WriteWorker {
  let thread: Thread | null = null;
  /** Tasks not sent yet: they wait for the writer (a stream) or for the stream to end and reopen. */
  const queue: Job[] = [];
  /** Tasks sent to the thread, in the order sent; each batch's answer takes its first `count`. */
  const sent: Job[] = [];
  const loads: Array<{ resolve(): void; reject(error: unknown): void }> = [];
  let stream: WriterStream | null = null;
  let opening = false;
  /** Set at an answer when the stream should end: nothing more is sent until it has reopened. */
  let yielding = false;
  const idle: Array<() => void> = [];
  let closed = false;

  /** Blocks until the thread answers the call just posted, or stops. */
  const callOn = (t: Thread, call: StatementCall, timeoutMs = Infinity): unknown => {
    Atomics.store(t.signals, ANSWERED, 0);
    t.calls.postMessage(call);
    const until = performance.now() + timeoutMs;
    while (Atomics.load(t.signals, ANSWERED) === 0) {
      if (Atomics.load(t.signals, STOPPED) === 1) throw new Error('SQLite write worker stopped');
      if (performance.now() > until) throw new Error('SQLite write worker: no answer');
      Atomics.wait(t.signals, ANSWERED, 0, 1000);
    }
    const reply = receiveMessageOnPort(t.calls)?.message as StatementReply | undefined;
    if (!reply) throw new Error('SQLite write worker: an answer went missing');
    if (!reply.ok) throw received(reply.error);
    return reply.value;
  };

  const spawn = (): Thread => {
    const start = threadStart();
    const channel = new MessageChannel();
    const signals = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(start.entry, {
      eval: start.eval,
      workerData: {
        file: options.file,
        walRestartBytes: options.walRestartBytes,
        typescript: start.typescript,
        calls: channel.port2,
        signal: signals.buffer,
      },
      transferList: [channel.port2],
    });
    const t: Thread = { worker, calls: channel.port1, signals };
    worker.on('message', (reply: WorkerReply) => {
      if ('loaded' in reply) {
        const load = loads.shift();
        if (reply.failed) load?.reject(received(reply.failed));
        else load?.resolve();
      } else answered(reply);
    });
    worker.on('error', (error) => stopped(error));
    worker.on('exit', (code) => {
      if (thread === t) thread = null;
      channel.port1.close();
      stopped(new Error(`SQLite write worker stopped (exit code ${code})`));
    });
    // Its connection is open (and the database in WAL mode) once it answers.
    try {
      callOn(t, { op: 'inTransaction' }, START_MS);
    } catch (error) {
      void worker.terminate();
      throw error;
    }
    return t;
  };

  /** The running thread, or a new one when it stopped. */
  const live = (): Thread => {
    if (thread && Atomics.load(thread.signals, STOPPED) === 1) thread = null;
    return (thread ??= spawn());
  };
  live();

  /** Settles the batch's jobs that `which` picks with their outcomes (the batch's jobs and outcomes in the same order). */
  const answer = (jobs: Job[], reply: BatchReply, which: (job: Job) => boolean) => {
    jobs.forEach((job, i) => {
      if (!which(job)) return;
      const outcome = 'failed' in reply ? ({ ok: false, error: reply.failed } as const) : reply.outcomes[i];
      if (!outcome) job.reject(new Error('SQLite write worker: a task has no outcome'));
      else if (outcome.ok) job.resolve(outcome.value);
      else job.reject(received(outcome.error));
    });
  };

  /** Sends what is queued, as far as the thread may be ahead; nothing once the stream should end. */
  const sendQueued = () => {
    if (yielding || queue.length === 0 || sent.length >= SENT_AHEAD) return;
    const jobs = queue.splice(0, SENT_AHEAD - sent.length);
    sent.push(...jobs);
    live().worker.postMessage({ units: jobs.map((job) => job.unit) } satisfies WorkerMessage);
  };

  /** With nothing of the thread's running, the stream ends, and opens again for the tasks queued. */
  const settle = () => {
    if (!stream || sent.length > 0) return;
    stream.end();
    stream = null;
    if (queue.length > 0) open();
    else for (const resolve of idle.splice(0)) resolve();
  };

  const open = () => {
    if (stream || opening) return;
    opening = true;
    options.openStream().then(
      (opened) => {
        opening = false;
        stream = opened;
        yielding = false;
        sendQueued();
        settle();
      },
      (error: unknown) => {
        opening = false;
        for (const job of queue.splice(0)) job.reject(error);
        for (const resolve of idle.splice(0)) resolve();
      },
    );
  };

  /**
   * A batch ran: its tasks are answered once the WAL is synced after it, while the next runs (those
   * that answer at commit, at once).
   */
  function answered(reply: BatchReply & { count: number }) {
    // Answers come only while their stream is open (it ends once none is awaited).
    if (!stream) return;
    const jobs = sent.splice(0, reply.count);
    const durable = stream.committed('outcomes' in reply && reply.wrote);
    // Always synced, even with nobody waiting: the reader and a WAL restart wait for every commit's sync.
    const synced = durable();
    answer(jobs, reply, (job) => job.atCommit);
    synced.then(
      () => answer(jobs, reply, (job) => !job.atCommit),
      (error: unknown) => jobs.forEach((job) => !job.atCommit && job.reject(error)),
    );
    yielding ||= stream.shouldYield();
    sendQueued();
    settle();
  }

  /** The thread stopped: what it was sent may have committed before it could answer, or not. */
  function stopped(error: unknown) {
    for (const load of loads.splice(0)) load.reject(error);
    if (sent.length === 0) return;
    const jobs = sent.splice(0);
    // Counted, so later reads wait for its sync; the tasks report the failure.
    void stream?.committed(true);
    for (const job of jobs) job.reject(error);
    settle();
  }

  return {
    run<P, R>(task: WriteTask<P, R>, payload: P): Promise<R> {
      if (closed) return Promise.reject(new Error('SQLite write worker: the database is closed'));
      return new Promise<R>((resolve, reject) => {
        const job = {
          unit: { module: task.module, name: task.name, payload },
          atCommit: task.answerAtCommit === true,
          resolve: resolve as Job['resolve'],
          reject,
        };
        queue.push(job);
        if (stream) sendQueued();
        else open();
      });
    },
    async prepare(tasks) {
      // A task sent meanwhile loads its module itself.
      if (closed || stream || opening) return;
      await new Promise<void>((resolve, reject) => {
        loads.push({ resolve, reject });
        live().worker.postMessage({ load: [...new Set(tasks.map((task) => task.module))] } satisfies WorkerMessage);
      });
    },
    call: (call) => callOn(live(), call),
    drain,
    async close() {
      await drain();
      const t = thread;
      thread = null;
      if (!t) return;
      try {
        if (Atomics.load(t.signals, STOPPED) === 0) callOn(t, { op: 'close' });
      } finally {
        await t.worker.terminate();
      }
    },
  };

  async function drain() {
    closed = true;
    if (stream || opening || queue.length > 0) await new Promise<void>((resolve) => idle.push(resolve));
  }
}
