import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Compilable, type Transaction } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;
/** What repo functions accept: the database or a transaction of it. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

/**
 * Runs one read outside any transaction and returns its first row. On SQLite it goes to a second,
 * read-only connection, synchronously: in WAL mode that connection sees every committed write and
 * never waits behind the writer, and it skips Kysely's per-query connection round trip, which cost
 * more than the query itself on the hot paths (session check, store scope, barcode lookup).
 */
export type ReadFirst = <O>(query: Compilable<O>) => Promise<O | undefined>;

export interface DatabaseHandle {
  db: Db;
  readFirst: ReadFirst;
  /** Closes every connection (the Kysely instance and, on SQLite, the reader). */
  close(): Promise<void>;
  kind: 'sqlite' | 'postgres';
  /** Schema of the migration table on PostgreSQL when a non-default schema is used. */
  schema?: string;
}

/** Opens SQLite (WAL, synchronous=FULL so every commit is fsynced) or PostgreSQL when configured. */
export function openDatabase(config: Config['database'], log?: FastifyBaseLogger): DatabaseHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // int8 (bigint money, quantities, count(*)) as JS numbers: every value we store is far
      // below 2^53 (amounts are capped at 10^12 by the shared schemas).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => log?.error({ err: error }, 'PostgreSQL idle client error'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      readFirst: async (query) => (await db.executeQuery(query.compile())).rows[0],
      close: () => db.destroy(),
      kind: 'postgres',
      schema: config.schema,
    };
  }
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  tuneSqlite(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // Opened after the writer, which has created the WAL files a read-only connection needs.
  const reader = new SQLite(config.file, { readonly: true });
  tuneSqlite(reader);
  const readStatements = withStatementCache(reader);
  return {
    db,
    readFirst: <O>(query: Compilable<O>) => {
      const { sql, parameters } = query.compile();
      return Promise.resolve(readStatements.prepare(sql).get(parameters) as O | undefined);
    },
    close: async () => {
      await db.destroy();
      reader.close();
    },
    kind: 'sqlite',
  };
}

function tuneSqlite(connection: SQLite.Database): void {
  connection.pragma('busy_timeout = 5000');
  // The default 2 MB page cache thrashes on a 100k-product catalogue (every search scans the
  // store's rows, every insert touches seven indexes); 64 MB of cache plus memory-mapped reads
  // keep a large store's pages in memory.
  connection.pragma('cache_size = -65536');
  connection.pragma('mmap_size = 268435456');
  connection.pragma('temp_store = MEMORY');
}

/** Distinct SQL texts kept prepared; the app has a few hundred, so they all stay. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew, and parsing SQL was a large share of a barcode lookup. The
 * same text always gives the same statement, so each is prepared once. Kysely runs one query at a
 * time on its single SQLite connection, so a cached statement is never used twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): { close(): void; prepare(sql: string): SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** True when `error` is a unique-constraint violation; `column` narrows it to one column or index. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; message?: string; constraint?: string };
  const unique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique || !column) return unique;
  return `${e.constraint ?? ''} ${e.message ?? ''}`.includes(column);
}
