import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { knownMigrations, migrateTo } from '../db/migrate.ts';
import {
  DATA_PREFIX,
  DUMP_NAME,
  MANIFEST_NAME,
  ManifestSchema,
  SQLITE_NAME,
  RestoreRefused,
  dataFileLimit,
  filesUnder,
  type Manifest,
} from './archive.ts';
import type { VerificationRow } from './move-figures.ts';
import { restorePostgresData, unknownMigration } from './pg-restore.ts';
import { movePostgresIntoSqlite } from './postgres-to-sqlite.ts';
import { moveSqliteIntoPostgres } from './sqlite-to-postgres.ts';
import { readTar, type TarEntry } from './tar.ts';

export interface RestoreSummary {
  engine: Manifest['engine'];
  createdAt: string;
  migration: string | null;
  files: number;
  /** A move between engines: each table's and ledger's figures in the backup and restored (all the same). */
  verification?: VerificationRow[];
}

export { RestoreRefused };

async function collect(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new RestoreRefused('This file is not a ShopDesk backup (its manifest is too large).');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `sync`: the file is moved into place; one only read from (a moved database) needs no flush to disk. */
async function writeEntry(entry: TarEntry, path: string, sync = true): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await pipeline(Readable.from(entry.body), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (!sync) return;
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Room left on disk after a restore: the app must still be able to write. */
const DISK_MARGIN = 256 * 1024 * 1024;

async function freeBytes(dir: string): Promise<number> {
  const { bavail, bsize } = await statfs(dir);
  return bavail * bsize;
}

/**
 * The backup's SQLite file passes `integrity_check` and holds exactly the triggers and views this
 * version's migrations make at its migration: SQL a file brings along of its own would run on the
 * app's writes. A file only moved from (`quick`: into PostgreSQL) passes `quick_check` instead, a
 * quarter of the time: it checks every page as integrity_check does (a lost page is lost rows) but
 * not that SQLite's indexes match its tables nor its unique keys, and a move reads no index of
 * SQLite's: PostgreSQL builds its own and checks every unique key and foreign key as rows load.
 */
async function checkSqlite(file: string, migration: string | null, quick = false): Promise<void> {
  if (!migration || !(await knownMigrations()).includes(migration)) throw unknownMigration(migration);
  const code = (db: SQLite.Database) =>
    db.prepare(`select type, name, sql from sqlite_master where type in ('trigger', 'view') order by 1, 2`).all() as {
      type: string;
      name: string;
      sql: string;
    }[];
  const fresh = new SQLite(':memory:');
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: fresh }) });
  let expected;
  try {
    await migrateTo(kysely, migration);
    expected = code(fresh);
  } finally {
    await kysely.destroy();
  }
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    const check = copy.pragma(quick ? 'quick_check' : 'integrity_check', { simple: true });
    if (check !== 'ok') throw new RestoreRefused(`The backup's database is damaged: ${String(check)}`);
    const own = code(copy);
    const extra = own.find((o) => !expected.some((e) => e.type === o.type && e.name === o.name && e.sql === o.sql));
    if (extra) {
      throw new RestoreRefused(
        `The backup's database holds a ${extra.type} (${extra.name}) that ShopDesk's migrations do not make; nothing was restored.`,
      );
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(
      `The backup's database is not a SQLite database ShopDesk can read: ${(error as Error).message}`,
    );
  } finally {
    copy.close();
  }
}

async function assertDataDirEmpty(dataDir: string): Promise<void> {
  const present = await filesUnder(dataDir);
  if (present.length > 0) {
    throw new RestoreRefused(
      `DATA_DIR (${dataDir}) is not empty (it holds ${present.join(', ')}…). A backup is only restored into an empty DATA_DIR: point DATA_DIR at a new folder, or move the old one away first.`,
    );
  }
}

/** The names of the relations (tables, sequences, views) in a schema, a few of them. */
async function relationsIn(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'S', 'v', 'm', 'f') order by 1 limit 5`,
    [schema],
  );
  return rows.map((r) => r.name);
}

/** Refuses a database whose target schema holds anything; makes sure pg_trgm is there for the search index. */
async function preparePostgres(url: string, target: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const present = await relationsIn(client, target);
    if (present.length > 0) {
      throw new RestoreRefused(
        `The database schema "${target}" is not empty (it holds ${present.join(', ')}…). A backup is only restored into an empty database or schema: create a new database (or set DATABASE_SCHEMA to a new schema) and restore there.`,
      );
    }
    // As the migration does: the products search index names the extension's operator class.
    await client.query(`select pg_advisory_lock(hashtext('shopdesk:pg_trgm'))`);
    try {
      const { rowCount } = await client.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
      if (!rowCount) await client.query('create extension if not exists pg_trgm with schema public');
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('shopdesk:pg_trgm'))`);
    }
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- <file>`: brings a backup back into an empty DATA_DIR and, on PostgreSQL, an
 * empty database schema (anything else is refused before a byte is written). Everything is first
 * unpacked into a hidden folder of DATA_DIR and checked (each entry in its place and within its
 * size; the SQLite copy passes `integrity_check` and brings no SQL of its own; a PostgreSQL dump's
 * data loads into tables our migrations made: pg-restore.ts), then moved into place, the database
 * last; a failure leaves DATA_DIR and the database as they were. A backup of the other engine is
 * moved (sqlite-to-postgres.ts, postgres-to-sqlite.ts): its rows are carried value by value into
 * this engine's tables and every table's figures compared before anything is moved into place.
 */
export async function restoreBackup(
  config: Config,
  archivePath: string,
  options: { progress?: (line: string) => void } = {},
): Promise<RestoreSummary> {
  const database = config.database;
  await assertDataDirEmpty(config.dataDir);
  const staging = join(config.dataDir, `.restoring-${randomBytes(4).toString('hex')}`);
  if (!(await isFile(archivePath))) throw new RestoreRefused(`There is no backup file at ${archivePath}.`);
  const raw = createReadStream(resolve(archivePath));
  const input = createGunzip();
  // pipe() does not pass a read error on; the tar reader must see it and stop.
  raw.once('error', (error) => input.destroy(error));
  raw.pipe(input);
  try {
    const entries = readTar(input);
    const first = await entries.next().catch((error: unknown) => {
      throw new RestoreRefused(`${archivePath} is not a ShopDesk backup (${(error as Error).message}).`);
    });
    if (first.done || first.value.name !== MANIFEST_NAME) {
      throw new RestoreRefused(`${archivePath} is not a ShopDesk backup (it has no ${MANIFEST_NAME} first).`);
    }
    const parsed = ManifestSchema.safeParse(JSON.parse((await collect(first.value.body, 64 * 1024)).toString('utf8')));
    if (!parsed.success) throw new RestoreRefused(`${archivePath} has a manifest this version cannot read.`);
    const manifest = parsed.data;
    const source = manifest.schema ?? 'public';
    const target = database.kind === 'postgres' ? (database.schema ?? 'public') : source;
    if (database.kind === 'postgres') await preparePostgres(database.url, target);

    const expected = manifest.engine === 'sqlite' ? SQLITE_NAME : DUMP_NAME;
    // Only a SQLite backup restored on SQLite keeps the unpacked database itself.
    const keepsDatabase = manifest.engine === 'sqlite' && database.kind === 'sqlite';
    let databaseFile: string | undefined;
    const dataFiles: string[] = [];
    await mkdir(staging, { recursive: true });
    // Nothing is unpacked past the free space of DATA_DIR's disk, less a margin the app keeps.
    let budget = (await freeBytes(config.dataDir)) - DISK_MARGIN;
    const seen = new Set<string>();
    for await (const entry of entries) {
      const path = entry.name.startsWith(DATA_PREFIX) ? entry.name.slice(DATA_PREFIX.length) : undefined;
      const limit = entry.name === expected ? Infinity : path !== undefined ? dataFileLimit(path) : undefined;
      if (limit === undefined || seen.has(entry.name)) {
        throw new RestoreRefused(
          `${archivePath} holds ${seen.has(entry.name) ? 'a second' : 'an unexpected'} entry (${entry.name}); nothing was restored.`,
        );
      }
      seen.add(entry.name);
      if (entry.size > limit) {
        throw new RestoreRefused(
          `${archivePath} holds ${entry.name} of ${entry.size} bytes, more than such a file ever holds (${limit}); nothing was restored.`,
        );
      }
      budget -= entry.size;
      if (budget < 0) {
        throw new RestoreRefused(
          `${archivePath} unpacks to more than the free space of ${config.dataDir}'s disk (at ${entry.name}); nothing was restored.`,
        );
      }
      if (path === undefined) {
        databaseFile = join(staging, expected);
        await writeEntry(entry, databaseFile, keepsDatabase);
      } else {
        await writeEntry(entry, join(staging, 'data', path));
        dataFiles.push(path);
      }
    }
    if (!databaseFile)
      throw new RestoreRefused(`${archivePath} holds no database (${expected}); nothing was restored.`);

    let verification: VerificationRow[] | undefined;
    let sqliteFile = databaseFile;
    if (manifest.engine === 'sqlite') await checkSqlite(databaseFile, manifest.migration, !keepsDatabase);
    if (manifest.engine === 'sqlite' && database.kind === 'postgres') {
      verification = await moveSqliteIntoPostgres({
        file: databaseFile,
        url: database.url,
        target,
        migration: manifest.migration,
        progress: options.progress,
      });
    } else if (manifest.engine === 'postgres' && database.kind === 'sqlite') {
      sqliteFile = join(staging, SQLITE_NAME);
      verification = await movePostgresIntoSqlite({
        dump: databaseFile,
        file: sqliteFile,
        source,
        migration: manifest.migration,
        progress: options.progress,
      });
    } else if (database.kind === 'postgres') {
      await restorePostgresData({
        url: database.url,
        dump: databaseFile,
        script: join(staging, 'restore.sql'),
        source,
        target,
        migration: manifest.migration,
      });
    }
    for (const path of dataFiles) {
      await mkdir(dirname(join(config.dataDir, path)), { recursive: true });
      await rename(join(staging, 'data', path), join(config.dataDir, path));
    }
    if (database.kind === 'sqlite') await rename(sqliteFile, database.file);
    return {
      engine: manifest.engine,
      createdAt: manifest.createdAt,
      migration: manifest.migration,
      files: dataFiles.length,
      ...(verification ? { verification } : {}),
    };
  } finally {
    raw.destroy();
    input.destroy();
    await rm(staging, { recursive: true, force: true });
  }
}
