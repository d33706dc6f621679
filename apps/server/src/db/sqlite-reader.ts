import SQLite from 'better-sqlite3';

/** How long one read snapshot may serve reads; bounds how late another process's write is seen. */
export const SNAPSHOT_MAX_AGE_MS = 50;

export interface SqliteReader {
  prepare(sql: string): SQLite.Statement;
  /** Runs `statement` inside the current read snapshot, opening one when there is none. */
  get(statement: SQLite.Statement, parameters: readonly unknown[]): unknown;
  /** Ends the snapshot, so the next read sees every commit: called before each write of this process. */
  release(): void;
  close(): void;
}

/**
 * The read-only second connection behind `readFirst`. Starting a read transaction on a WAL
 * database costs more than a point lookup itself (shared-memory locks are system calls), so reads
 * share one snapshot: opened by the first read, ended before any statement of this process's
 * writer that can change the database (so a read never misses a local commit) and after
 * `SNAPSHOT_MAX_AGE_MS` (so writes by other processes show within that time, and the WAL is never
 * pinned for long).
 */
export function openSqliteReader(
  file: string,
  tune: (connection: SQLite.Database) => void,
  now = () => performance.now(),
): SqliteReader {
  const connection = new SQLite(file, { readonly: true });
  tune(connection);
  const begin = connection.prepare('BEGIN');
  const commit = connection.prepare('COMMIT');
  let openedAt = 0;
  const release = () => {
    if (connection.inTransaction) commit.run();
  };
  const releaseIfOld = () => {
    if (now() - openedAt >= SNAPSHOT_MAX_AGE_MS) release();
  };
  // Also when no read comes: an idle server must not pin the WAL.
  const ageLimit = setInterval(releaseIfOld, SNAPSHOT_MAX_AGE_MS);
  ageLimit.unref();
  return {
    prepare: (sql) => connection.prepare(sql),
    get(statement, parameters) {
      releaseIfOld();
      if (!connection.inTransaction) {
        begin.run();
        openedAt = now();
      }
      return statement.get(parameters);
    },
    release,
    close() {
      clearInterval(ageLimit);
      release();
      connection.close();
    },
  };
}
