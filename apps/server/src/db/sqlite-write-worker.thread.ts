/**
 * The SQLite write worker's thread (sqlite-write-worker.ts): the process's one writing connection.
 * It runs the write tasks the main thread sends in batches, each one SQLite transaction (when a
 * task fails, the batch runs again with each task in a savepoint of its own, undone alone:
 * `runBatch`), then answers every task's result; and it runs the main thread's own statements, one
 * blocking call at a time (sqlite-remote-statements.ts), only ever while no batch runs or waits
 * (the main thread lends its writer's lock to the batches, and sends tasks only while it does). It
 * never syncs: the main thread's group commit makes the WAL durable before anything is acknowledged.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { configureWriter, statementCache } from './sqlite-connection.ts';
import type { Database } from './types.ts';
import { ANSWERED, STOPPED, type StatementCall, type StatementReply } from './sqlite-remote-statements.ts';
import type { SentError } from './sent-error.ts';
import type { BatchReply, TaskOutcome, TaskUnit, WorkerMessage, WorkerReply } from './sqlite-write-worker.ts';
import type { WriteTask } from './write-task.ts';

const { file, walRestartBytes, typescript, calls, signal } = workerData as {
  file: string;
  walRestartBytes: number;
  /** Loaded as TypeScript through tsx's require hook (sqlite-write-worker.ts): modules too. */
  typescript: boolean;
  /** The main thread's statement calls come and are answered here. */
  calls: MessagePort;
  /** `ANSWERED` set once a call's answer is posted, `STOPPED` as the thread ends. */
  signal: SharedArrayBuffer;
};
const signals = new Int32Array(signal);
// A main thread blocked on a call learns that no answer will come.
process.on('exit', () => {
  Atomics.store(signals, STOPPED, 1);
  Atomics.notify(signals, ANSWERED);
});
const sqlite = new SQLite(file);
configureWriter(sqlite, walRestartBytes);
const prepare = statementCache(sqlite);
// Kysely's own SQLite driver, over prepared-once statements; transactions are this file's.
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: { prepare, close: () => sqlite.close() } as unknown as SQLite.Database }),
});
const run = (sql: string) => prepare(sql).run();

type TaskFunction = WriteTask<unknown, unknown>['run'];
const modules = new Map<string, Promise<Record<string, unknown>>>();

function load(module: string): Promise<Record<string, unknown>> {
  let loaded = modules.get(module);
  if (!loaded) {
    loaded = typescript
      ? Promise.resolve().then(() => createRequire(import.meta.url)(fileURLToPath(module)) as Record<string, unknown>)
      : (import(module) as Promise<Record<string, unknown>>);
    modules.set(module, loaded);
  }
  return loaded;
}

async function taskOf(unit: TaskUnit): Promise<TaskFunction> {
  const task = (await load(unit.module))[unit.name];
  if (typeof task !== 'function') throw new Error(`write worker: ${unit.module} exports no function ${unit.name}`);
  return task as TaskFunction;
}

function sent(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const e = error as Error & Partial<Omit<SentError, 'name' | 'message'>>;
  return {
    name: e.name,
    message: e.message,
    code: e.code,
    statusCode: e.statusCode,
    details: e.details,
    headers: e.headers,
  };
}

/** Ends the batch's transaction with its COMMIT; a failed COMMIT fails every task of it. */
function commit(outcomes: TaskOutcome[], wrote: boolean): BatchReply {
  try {
    run('COMMIT');
  } catch (error) {
    if (sqlite.inTransaction) run('ROLLBACK');
    return { failed: sent(error) };
  }
  return { outcomes, wrote };
}

/**
 * Runs every task of the batch straight in one transaction, without savepoints: a savepoint copies
 * each page a task changes first into a journal of its own and frees it again at its end, about a
 * tenth of a sale's cost, and tasks rarely fail (a 402 at the free tier's limit). Null when one
 * fails: the transaction is rolled back, and the batch runs again task by task (`runEach`).
 */
async function runAll(units: TaskUnit[]): Promise<BatchReply | null> {
  run('BEGIN IMMEDIATE');
  const outcomes: TaskOutcome[] = [];
  try {
    for (const unit of units) outcomes.push({ ok: true, value: await (await taskOf(unit))(db, unit.payload) });
  } catch {
    if (sqlite.inTransaction) run('ROLLBACK');
    return null;
  }
  return commit(outcomes, units.length > 0);
}

/** Runs each task of the batch in a savepoint of its own, undone alone if it fails. */
async function runEach(units: TaskUnit[]): Promise<BatchReply> {
  run('BEGIN IMMEDIATE');
  const outcomes: TaskOutcome[] = [];
  let wrote = false;
  for (const unit of units) {
    try {
      const task = await taskOf(unit);
      run('SAVEPOINT task');
      try {
        outcomes.push({ ok: true, value: await task(db, unit.payload) });
        run('RELEASE task');
        wrote = true;
      } catch (error) {
        // SQLite ends the whole transaction by itself on some errors (disk full, I/O): then every
        // task of the batch failed, those before this one included.
        if (!sqlite.inTransaction) return { failed: sent(error) };
        run('ROLLBACK TO task');
        run('RELEASE task');
        throw error;
      }
    } catch (error) {
      outcomes.push({ ok: false, error: sent(error) });
    }
  }
  return commit(outcomes, wrote);
}

/**
 * A batch: all at once, or, when a task fails, each in its own savepoint. A task may so run twice,
 * the first run undone: it must depend only on its payload and the database.
 */
async function runBatch(units: TaskUnit[]): Promise<BatchReply> {
  // The main thread commits its own batch before it sends any (the driver's `openStream`).
  if (sqlite.inTransaction) return { failed: sent(new Error('write worker: a batch came inside a transaction')) };
  return (await runAll(units)) ?? runEach(units);
}

/** Most tasks one batch (one SQLite transaction) takes. */
const BATCH_TASKS = 128;

/** Tasks sent and not run yet, in the order sent. */
const pending: TaskUnit[] = [];
let scheduled = false;
let running = false;

/**
 * Runs what is pending in batches, answering each as it commits. It starts once the messages that
 * came together are all in (setImmediate runs after them), and a batch takes every task that came
 * while the one before ran: the thread starts the next batch without waiting for the main thread,
 * which answers the last one meanwhile.
 */
async function runPending(): Promise<void> {
  scheduled = false;
  // Loading a task's module can yield to messages: one batch at a time still.
  if (running) return;
  running = true;
  try {
    while (pending.length > 0) {
      const units = pending.splice(0, BATCH_TASKS);
      let reply: BatchReply;
      try {
        reply = await runBatch(units);
      } catch (error) {
        if (sqlite.inTransaction) run('ROLLBACK');
        reply = { failed: sent(error) };
      }
      parentPort!.postMessage({ ...reply, count: units.length } satisfies WorkerReply);
    }
  } finally {
    running = false;
  }
}

parentPort!.on('message', (message: WorkerMessage) => {
  if ('load' in message) {
    Promise.all(message.load.map(load)).then(
      () => parentPort!.postMessage({ loaded: true } satisfies WorkerReply),
      (error: unknown) => parentPort!.postMessage({ loaded: true, failed: sent(error) } satisfies WorkerReply),
    );
    return;
  }
  pending.push(...message.units);
  if (!scheduled) {
    scheduled = true;
    setImmediate(() => void runPending());
  }
});

/** One statement call of the main thread, on this connection (the statement cache is shared). */
function answer(call: StatementCall): unknown {
  switch (call.op) {
    case 'describe': {
      const statement = prepare(call.sql);
      return { reader: statement.reader, readonly: statement.readonly };
    }
    case 'run': {
      const { changes, lastInsertRowid } = prepare(call.sql).run(call.parameters);
      return { changes, lastInsertRowid };
    }
    case 'all':
      return prepare(call.sql).all(call.parameters);
    case 'inTransaction':
      return sqlite.inTransaction;
    case 'close':
      sqlite.close();
      return null;
  }
}

calls.on('message', (call: StatementCall) => {
  let reply: StatementReply;
  try {
    reply = { ok: true, value: answer(call) };
  } catch (error) {
    reply = { ok: false, error: sent(error) };
  }
  calls.postMessage(reply);
  Atomics.store(signals, ANSWERED, 1);
  Atomics.notify(signals, ANSWERED);
});
