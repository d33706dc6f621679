import SQLite from 'better-sqlite3';

/** How long one read snapshot may serve reads; bounds how late another process's write is seen. */
export const SNAPSHOT_MAX_AGE_MS = 50;

/** A statement of the reader, prepared on each of its connections when first run there. */
export interface ReadStatement {
  /** Column names of its rows. */
  columns(): string[];
  /** Rows as arrays of values instead of objects (better-sqlite3's `raw`). */
  raw(): void;
}

export interface SqliteReader {
  /** A statement of the caller's own (it may set `raw`), to run with `get`. */
  prepare(sql: string): ReadStatement;
  /** Runs `statement` in the durable snapshot and returns its first row. */
  get(statement: ReadStatement, parameters: readonly unknown[]): unknown;
  /** Runs `statement` in the durable snapshot and returns every row. */
  rows(statement: ReadStatement, parameters: readonly unknown[]): unknown[];
  /**
   * Runs `sql` (kept prepared) and returns every row, as objects: in a new snapshot, which also
   * shows other processes' latest commits, unless a commit of this one waits for its sync; then
   * in the durable snapshot (the app's reads then are as fresh as the writer's last sync).
   */
  all(sql: string, parameters: readonly unknown[]): unknown[];
  /**
   * Called before each statement of this process's writer that can change the database: with no
   * commit waiting for its sync, a snapshot taken now holds only durable data, so one is taken
   * if none is open (a commit may follow; its rows must stay out of sight until synced).
   */
  beforeWrite(): void;
  /** Called as a WAL sync starts, in the same step that decides which commits it covers. */
  syncStarting(): void;
  /** Called when that sync ended: on success its snapshot becomes the one reads use. */
  syncEnded(ok: boolean): void;
  /** Ends every snapshot; only while no commit waits for its sync (the WAL restart needs it). */
  endAll(): void;
  close(): void;
}

interface Connection {
  db: SQLite.Database;
  begin: SQLite.Statement;
  touch: SQLite.Statement;
  commit: SQLite.Statement;
  openedAt: number;
}

/**
 * The read-only connections behind `readFirst` and the app's reads outside transactions. Their
 * reads see only commits that are on disk: a SQLite commit is visible from its COMMIT, a few
 * milliseconds before the group commit's fsync ends (sqlite-group-commit.ts), and an answer that
 * showed a write a power loss can still undo would break PostgreSQL's promise (a commit is seen
 * once flushed). So reads run in a snapshot taken when every commit in it was durable, and no
 * request has to wait for another's fsync before answering (else one store's lookups would wait for
 * another store's import syncs).
 *
 * Two connections: `current` holds the snapshot reads use, `next` the one taken as the running
 * sync started (exactly the commits that sync covers). When the sync ends, `next` becomes
 * `current`, before anyone waiting for that sync resumes, so a request that committed reads its
 * own write afterwards. Starting a read transaction on a WAL database costs more than a point
 * lookup itself (shared-memory locks are system calls), so reads share a snapshot: with nothing
 * waiting for a sync it is ended after `SNAPSHOT_MAX_AGE_MS` (so other processes' writes show
 * within that time and an idle server never pins the WAL), and a new one taken at the next read.
 */
export function openSqliteReader(
  file: string,
  tune: (connection: SQLite.Database) => void,
  syncPending: () => boolean,
  now = () => performance.now(),
): SqliteReader {
  const open = (): Connection => {
    const db = new SQLite(file, { readonly: true });
    tune(db);
    return {
      db,
      begin: db.prepare('BEGIN'),
      // A deferred BEGIN takes its snapshot at the first read.
      touch: db.prepare('SELECT 1 FROM sqlite_master LIMIT 1'),
      commit: db.prepare('COMMIT'),
      openedAt: 0,
    };
  };
  const connections = [open(), open()] as const;
  let current: 0 | 1 = 0;
  let next: 0 | 1 | null = null;
  const snapshot = (c: Connection) => {
    c.begin.run();
    c.touch.get();
    c.openedAt = now();
  };
  const end = (c: Connection) => {
    if (c.db.inTransaction) c.commit.run();
  };
  const endIfOld = () => {
    const c = connections[current];
    if (c.db.inTransaction && !syncPending() && now() - c.openedAt >= SNAPSHOT_MAX_AGE_MS) end(c);
  };
  /** The connection reads use, its snapshot open; `fresh`: a new one unless a commit waits for its sync. */
  const reading = (fresh = false): SQLite.Database => {
    const c = connections[current];
    if (fresh && !syncPending()) end(c);
    else endIfOld();
    if (!c.db.inTransaction) {
      // beforeWrite keeps one open whenever a commit waits for its sync.
      if (syncPending()) throw new Error('SQLite reader: no durable snapshot while a commit waits for its sync');
      snapshot(c);
    }
    return c.db;
  };
  // Also when no read comes: an idle server must not pin the WAL.
  const ageLimit = setInterval(endIfOld, SNAPSHOT_MAX_AGE_MS);
  ageLimit.unref();

  class Statement implements ReadStatement {
    readonly #prepared: [SQLite.Statement | undefined, SQLite.Statement | undefined] = [undefined, undefined];
    #raw = false;
    constructor(readonly sql: string) {
      this.on(connections[0].db);
    }
    on(db: SQLite.Database): SQLite.Statement {
      const i = db === connections[0].db ? 0 : 1;
      let statement = this.#prepared[i];
      if (!statement) {
        statement = db.prepare(this.sql);
        if (this.#raw) statement.raw(true);
        this.#prepared[i] = statement;
      }
      return statement;
    }
    columns() {
      return this.on(connections[0].db)
        .columns()
        .map((column) => column.name);
    }
    raw() {
      this.#raw = true;
      for (const statement of this.#prepared) statement?.raw(true);
    }
  }
  // Distinct SQL texts kept prepared, like the writer's cache (database.ts).
  const cache = new Map<string, Statement>();

  return {
    prepare: (sql) => new Statement(sql),
    get: (statement, parameters) => (statement as Statement).on(reading()).get(parameters),
    rows: (statement, parameters) => (statement as Statement).on(reading()).all(parameters),
    all(sql, parameters) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = new Statement(sql);
        if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement.on(reading(true)).all(parameters);
    },
    beforeWrite() {
      const c = connections[current];
      if (!c.db.inTransaction && !syncPending()) snapshot(c);
    },
    syncStarting() {
      const spare = current === 0 ? 1 : 0;
      // A sync that failed left its snapshot open; this one covers more.
      end(connections[spare]);
      snapshot(connections[spare]);
      next = spare;
    },
    syncEnded(ok) {
      if (next === null) return;
      if (ok) {
        end(connections[current]);
        current = next;
      } else end(connections[next]);
      next = null;
    },
    endAll() {
      if (syncPending()) throw new Error('SQLite reader: a commit waits for its sync');
      for (const c of connections) end(c);
    },
    close() {
      clearInterval(ageLimit);
      for (const c of connections) {
        end(c);
        c.db.close();
      }
    },
  };
}
