import type SQLite from 'better-sqlite3';
import { WRITER_CHECKPOINT_PAGES } from './sqlite-checkpointer.ts';

/**
 * Settings of a connection that writes (the main thread's writer, the write worker's): WAL, and
 * commits that write the WAL without an fsync, which the group commit makes before answering
 * (sqlite-group-commit.ts); NORMAL still syncs around checkpoints, which keeps the file consistent
 * after a power loss.
 */
export function configureWriter(sqlite: SQLite.Database, walRestartBytes: number): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  // When a write starts the WAL over (database.ts restartWal), SQLite cuts the file back to this
  // size: kept, not emptied, so later commits overwrite blocks the file already has (cheaper writes
  // and syncs than growing it again), and the file is past this size only when its frames are.
  sqlite.pragma(`journal_size_limit = ${walRestartBytes}`);
  tuneSqlite(sqlite);
}

export function tuneSqlite(connection: SQLite.Database): void {
  connection.pragma('busy_timeout = 5000');
  // The default 2 MB page cache thrashes on a 100k-product catalogue (every search scans the
  // store's rows, every insert touches seven indexes); 64 MB of cache keeps a large store's pages
  // in memory.
  connection.pragma('cache_size = -65536');
  // No memory-mapped reads (SQLite's default; set here so nobody turns them on unmeasured). A page
  // read through the map is parsed again at every visit (the page cache keeps parsed pages), and a
  // connection whose next snapshot follows another's commit unmaps the whole map and faults it in
  // again. Under checkout load the server spent 3.4–4.0 ms of CPU a sale with a map and 2.0 ms
  // without; lookups and searches measured the same either way.
  connection.pragma('mmap_size = 0');
  connection.pragma('temp_store = MEMORY');
}

/** Distinct SQL texts kept prepared; the app has a few hundred, so they all stay. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew, and parsing SQL was a large share of a barcode lookup. The
 * same text always gives the same statement, so each is prepared once. Kysely runs one query at a
 * time on a SQLite connection, so a cached statement is never used twice at once.
 */
export function statementCache(sqlite: SQLite.Database): (sql: string) => SQLite.Statement {
  const cache = new Map<string, SQLite.Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}
