import { statSync } from 'node:fs';
import { Kysely, PostgresDialect, type Compilable, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { tuneSqlite } from './sqlite-connection.ts';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.ts';
import { openSqliteReader } from './sqlite-reader.ts';
import { remoteStatements } from './sqlite-remote-statements.ts';
import type { SqliteStatements } from './sqlite-statements.ts';
import { walFileSync } from './sqlite-wal-sync.ts';
import { startWriteWorker } from './sqlite-write-worker.ts';
import type { RunWrite, WriteTask } from './write-task.ts';
import type { Database, Db } from './types.ts';

export type { Db, DbOrTx } from './types.ts';

/**
 * Runs one read outside any transaction and returns its first row: `readFirst(repo.someQuery,
 * ...args)` with a repo function `(db, ...args: string[]) => query`. The function is built and
 * compiled once, with stand-in arguments (see `compileOnce`); later calls only bind the real ones,
 * because building and compiling a Kysely query cost more than running it on the hot paths (session
 * check, barcode lookup). On SQLite it runs synchronously on a second, read-only connection that
 * never waits behind the writer and shares one read snapshot of synced commits (sqlite-reader.ts).
 */
export type ReadFirst = <A extends string[], O>(
  build: (db: Db, ...args: A) => Compilable<O>,
  ...args: A
) => Promise<O | undefined>;

/**
 * `readFirst` returning every row: compiled once the same way, so a repo function called through it
 * always takes the same number of arguments (a list is padded, e.g. `productsByCodesQuery`).
 */
export type ReadAll = <A extends string[], O>(build: (db: Db, ...args: A) => Compilable<O>, ...args: A) => Promise<O[]>;

export interface DatabaseHandle {
  db: Db;
  readFirst: ReadFirst;
  readAll: ReadAll;
  /**
   * Runs a write task (write-task.ts) in one transaction: on SQLite in the write worker's thread
   * (sqlite-write-worker.ts), on PostgreSQL here (as its one statement when it has one).
   */
  runWrite: RunWrite;
  /** Readies what these write tasks need (on SQLite, their modules in the write worker). */
  prepareWrites(tasks: WriteTask<never, unknown>[]): Promise<void>;
  /** Closes every connection (the Kysely instance and, on SQLite, the reader and the write worker). */
  close(): Promise<void>;
  kind: 'sqlite' | 'postgres';
  /** Schema of the migration table on PostgreSQL when a non-default schema is used. */
  schema?: string;
}

let preparedReads = 0;

/**
 * The WAL size past which the writer restarts it before its next write. Each restart stops writes
 * for one sync and one checkpoint of what is left (tens of milliseconds): at 40 MB a busy counter
 * (about 200 KB of WAL a sale) paid that several times a second.
 */
const WAL_RESTART_BYTES = 128 * 1024 * 1024;

export interface OpenOptions {
  /** Tests: wraps SQLite's WAL fsync, e.g. to hold it and see what waits for it. */
  wrapWalFlush?: (flush: () => Promise<void>) => Promise<void>;
  /** Tests: the WAL size past which the writer restarts it (default `WAL_RESTART_BYTES`). */
  walRestartBytes?: number;
}

/**
 * Opens SQLite (WAL, every commit fsynced before it is acknowledged, one fsync shared by the
 * commits made meanwhile: sqlite-group-commit.ts; reads outside transactions see only synced
 * commits: sqlite-reader.ts; WAL checkpoints in a worker thread) or PostgreSQL when configured.
 */
export function openDatabase(
  config: Config['database'],
  log?: FastifyBaseLogger,
  plugins: KyselyPlugin[] = [],
  options: OpenOptions = {},
): DatabaseHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // int8 (bigint money, quantities, count(*)) as JS numbers: every value we store is far
      // below 2^53 (amounts are capped at 10^12 by the shared schemas).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === pg.types.builtins.INT8
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => log?.error({ err: error }, 'PostgreSQL idle client error'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      runWrite: (task, payload) =>
        task.oneStatement ? task.oneStatement(db, payload) : db.transaction().execute((trx) => task.run(trx, payload)),
      prepareWrites: async () => {},
      // A named statement is parsed and planned once per pooled connection, not on every call.
      readFirst: compiledReads(db, (compiled) => {
        const rows = namedStatement(pool, compiled.sql);
        return async (parameters) => (await rows(parameters))[0];
      }),
      readAll: compiledReads(db, (compiled) => namedStatement(pool, compiled.sql)),
      close: () => db.destroy(),
      kind: 'postgres',
      schema: config.schema,
    };
  }
  const walRestartBytes = options.walRestartBytes ?? WAL_RESTART_BYTES;
  // The one connection that writes: the write worker's. Started first, it makes the WAL files the
  // read-only connections need; the main thread's transactions run on it too.
  const writeWorker = startWriteWorker({
    file: config.file,
    walRestartBytes,
    openStream: () => dialect.driver.openStream(),
  });
  // It shows only synced commits, so it learns when each sync starts and ends.
  // A commit of the write worker is in the WAL before the group commit counts it (openStream).
  const reader = openSqliteReader(
    config.file,
    tuneSqlite,
    () => walSync.isPending() || dialect.driver.writingElsewhere(),
  );
  // The background checkpoint can copy a commit only once no read snapshot predates it, which is
  // when its sync has ended: told then too, not only at writes (a burst's last checkpoint may have
  // run while its sync was still going, leaving its pages in the WAL until the next write).
  const syncListener = {
    syncStarting: () => reader.syncStarting(),
    syncEnded: (ok: boolean) => {
      reader.syncEnded(ok);
      checkpointer.noteWrite();
    },
  };
  const walSync = walFileSync(config.file, () => syncListener, options.wrapWalFlush);
  const checkpointer = startCheckpointer(config.file, log);
  const beforeWrite = () => {
    reader.beforeWrite();
    checkpointer.noteWrite();
  };
  const walFile = `${config.file}-wal`;
  const statements: SqliteStatements = {
    ...remoteStatements(writeWorker.call, beforeWrite),
    // The write worker closes its connection (close below), after the driver's last batch.
    close: () => {},
    beforeWrite,
    readDurable: reader.all,
    // A restart cuts the file back to journal_size_limit: past it, the WAL's frames are too.
    walTooLarge: () => (statSync(walFile, { throwIfNoEntry: false })?.size ?? 0) > walRestartBytes,
    restartWal: async () => {
      reader.endAll();
      // With no snapshot left, the worker copies every frame into the database file (its fsync
      // would stop the event loop), and the next write starts the WAL over. Should the worker not
      // answer, the writer does it all here.
      // (Straight to the connection: `prepare` would take a reader snapshot first, which holds the WAL.)
      if (!(await checkpointer.restartWal()))
        writeWorker.call({ op: 'all', sql: 'PRAGMA wal_checkpoint(TRUNCATE)', parameters: [] });
      // Reads meanwhile opened snapshots that would keep the WAL from starting over: no commit
      // came in, so they saw nothing that is not on disk, and they end now.
      reader.endAll();
    },
  };
  const dialect = new GroupCommitSqliteDialect(statements, walSync);
  const db = new Kysely<Database>({ dialect, plugins });
  return {
    db,
    runWrite: (task, payload) => writeWorker.run(task, payload),
    prepareWrites: (tasks) => writeWorker.prepare(tasks),
    readFirst: compiledReads(db, (compiled) => {
      const statement = reader.prepare(compiled.sql);
      const toRow = rowBuilder(statement.columns());
      if (!toRow) return (parameters) => Promise.resolve(reader.get(statement, parameters));
      statement.raw();
      return (parameters) => {
        const values = reader.get(statement, parameters) as unknown[] | undefined;
        return Promise.resolve(values && toRow(values));
      };
    }),
    readAll: compiledReads(db, (compiled) => {
      const statement = reader.prepare(compiled.sql);
      const toRow = rowBuilder(statement.columns());
      if (!toRow) return (parameters) => Promise.resolve(reader.rows(statement, parameters));
      statement.raw();
      return (parameters) => Promise.resolve((reader.rows(statement, parameters) as unknown[][]).map(toRow));
    }),
    close: async () => {
      await writeWorker.drain();
      await db.destroy();
      await writeWorker.close();
      reader.close();
      await checkpointer.close();
    },
    kind: 'sqlite',
  };
}

/**
 * Runs `sql` as a named statement of the pool's connections: parsed and planned once per
 * connection. Returns its rows.
 */
function namedStatement(pool: pg.Pool, sql: string) {
  let name = `read_first_${++preparedReads}`;
  const run = async (values: unknown[]) => (await pool.query({ name, text: sql, values })).rows;
  return async (parameters: unknown[]) => {
    try {
      return await run(parameters);
    } catch (error) {
      // A migration changed a table under the prepared plan ("cached plan must not change
      // result type"): prepare it again under a new name on every connection.
      if ((error as { code?: string }).code !== '0A000') throw error;
      name = `read_first_${++preparedReads}`;
      return run(parameters);
    }
  };
}

/** Builds `ReadFirst` or `ReadAll` on an engine's way to run one compiled SQL text with its parameters. */
function compiledReads<R extends ReadFirst | ReadAll>(
  db: Db,
  prepare: (compiled: { sql: string }) => (parameters: unknown[]) => Promise<unknown>,
): R {
  type Build = (db: Db, ...args: string[]) => Compilable<unknown>;
  // Keyed by the repo function itself; weakly, so a closure passed by mistake cannot pile up.
  const prepared = new WeakMap<Build, (args: readonly string[]) => Promise<unknown>>();
  return ((build: Build, ...args: string[]) => {
    let run = prepared.get(build);
    if (!run) {
      const { compiled, bind } = compileOnce(db, build, args.length);
      const execute = prepare(compiled);
      run = (values) => execute(bind(values));
      prepared.set(build, run);
    }
    return run(args);
  }) as R;
}

/**
 * Compiles `build` once with stand-in arguments and learns which parameter each argument became.
 * The repo function must pass its arguments to the query as they are, only as parameters: the
 * stand-ins have spaces and capitals, so one that trims, lowercases or writes an argument into
 * the SQL text is refused at its first use (later calls would skip what it did to the argument).
 */
export function compileOnce(db: Db, build: (db: Db, ...args: string[]) => Compilable<unknown>, arity: number) {
  const standIns = Array.from({ length: arity }, (_, i) => ` \u0001Arg${i}\u0001 `);
  const compiled = build(db, ...standIns).compile();
  const slots = compiled.parameters.map((value) => standIns.indexOf(value as string));
  standIns.forEach((standIn, i) => {
    if (!slots.includes(i) || compiled.sql.includes(standIn))
      throw new Error(`readFirst: ${build.name || 'a query'} must pass argument ${i + 1} as a query parameter`);
  });
  const bind = (args: readonly string[]) =>
    compiled.parameters.map((value, p) => (slots[p]! >= 0 ? args[slots[p]!] : value));
  return { compiled, bind };
}

/**
 * A function that turns one row's values into an object, written for these columns: better-sqlite3
 * builds row objects key by key through V8's C++ API, which cost more than the hot lookups' query
 * itself; an object literal of fixed shape is made in one step. Null for column names that must
 * not be literal keys, which then keep the ordinary row objects.
 */
function rowBuilder(columns: string[]): ((values: unknown[]) => Record<string, unknown>) | null {
  if (columns.includes('__proto__')) return null;
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  // The keys are JSON-quoted column names of our own SQL.
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => Record<string, unknown>;
}

/**
 * True when `error` is a unique-constraint violation; `column` narrows it to one column or index.
 * A primary key counts, as it does on PostgreSQL (23505): SQLite reports it under its own code
 * (e.g. a cargo code taken in `cargo_codes`, whose key is the code).
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; message?: string; constraint?: string };
  const unique =
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || !column) return unique;
  return `${e.constraint ?? ''} ${e.message ?? ''}`.includes(column);
}
