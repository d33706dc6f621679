import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.ts';
import {
  DATA_PREFIX,
  DUMP_NAME,
  MANIFEST_NAME,
  ManifestSchema,
  SQLITE_NAME,
  filesUnder,
  isSafeDataPath,
  type Manifest,
} from './archive.ts';
import { runScript } from './postgres-tools.ts';
import { readTar, type TarEntry } from './tar.ts';

export interface RestoreSummary {
  engine: Manifest['engine'];
  createdAt: string;
  migration: string | null;
  files: number;
}

/** A refusal the CLI prints as it is: nothing was changed. */
export class RestoreRefused extends Error {}

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

async function writeEntry(entry: TarEntry, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await pipeline(Readable.from(entry.body), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
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

async function schemaExists(client: pg.Client, schema: string): Promise<boolean> {
  const { rowCount } = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
  return (rowCount ?? 0) > 0;
}

/** Refuses a database whose target schema holds anything; makes sure pg_trgm is there for the search index. */
async function preparePostgres(url: string, target: string, source: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const present = await relationsIn(client, target);
    if (present.length > 0) {
      throw new RestoreRefused(
        `The database schema "${target}" is not empty (it holds ${present.join(', ')}…). A backup is only restored into an empty database or schema: create a new database (or set DATABASE_SCHEMA to a new schema) and restore there.`,
      );
    }
    if (source !== target && (await schemaExists(client, source))) {
      throw new RestoreRefused(
        `The backup is of the schema "${source}", which exists in this database. Restore into another database, or into "${source}" itself (DATABASE_SCHEMA=${source}) once it is empty.`,
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
 * Moves every table, view, sequence, routine and type of schema `from` into schema `to` (indexes,
 * constraints, triggers and owned sequences follow their tables), then drops the empty `from`.
 */
function moveSchemaSql(from: string, to: string): string {
  const [f, t] = [pg.escapeLiteral(from), pg.escapeLiteral(to)];
  return `DO $restore$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${f} AND (c.relkind IN ('r', 'p', 'v', 'm', 'f')
      OR (c.relkind = 'S' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))))
  LOOP
    EXECUTE format('ALTER %s %I.%I SET SCHEMA %I',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE'
        WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, ${f}, r.relname, ${t});
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ${f}
  LOOP
    EXECUTE format('ALTER ROUTINE %s SET SCHEMA %I', r.signature, ${t});
  END LOOP;
  FOR r IN SELECT ty.typname FROM pg_type ty JOIN pg_namespace n ON n.oid = ty.typnamespace
    WHERE n.nspname = ${f} AND ty.typtype IN ('e', 'd', 'r', 'm') OR (n.nspname = ${f} AND ty.typtype = 'c'
      AND EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = ty.typrelid AND c.relkind = 'c'))
  LOOP
    EXECUTE format('ALTER TYPE %I.%I SET SCHEMA %I', ${f}, r.typname, ${t});
  END LOOP;
END $restore$;
DROP SCHEMA ${pg.escapeIdentifier(from)};`;
}

/**
 * The psql script that loads a dump of schema `source` into schema `target`. pg_dump names the
 * schema in every statement, so: into the same name, the dump's `CREATE SCHEMA` line becomes `IF
 * NOT EXISTS` (an existing empty schema, e.g. `public`, keeps its owner, grants and extensions);
 * into another name, the dump is loaded as it is and its objects are then moved into `target`.
 * Lines are only changed before the first COPY, so no table data is touched.
 */
async function restoreScript(dump: string, script: string, source: string, target: string): Promise<void> {
  const out = createWriteStream(script, { flags: 'wx', mode: 0o600 });
  const done = finished(out);
  done.catch(() => undefined);
  const put = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  const same = source === target;
  const schemaLines = [`CREATE SCHEMA ${source};`, `CREATE SCHEMA "${source}";`];
  const commentLines = [`COMMENT ON SCHEMA ${source} IS `, `COMMENT ON SCHEMA "${source}" IS `];
  let header = true;
  await put(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(target)};`);
  for await (const line of createInterface({ input: createReadStream(dump), crlfDelay: Infinity })) {
    if (header && line.startsWith('COPY ')) header = false;
    if (header && same && (schemaLines.includes(line) || commentLines.some((c) => line.startsWith(c)))) continue;
    await put(line);
  }
  if (!same) await put(moveSchemaSql(source, target));
  out.end();
  await done;
}

/**
 * `npm run restore -- <file>`: brings a backup back into an empty DATA_DIR and, on PostgreSQL, an
 * empty database schema (anything else is refused before a byte is written). Everything is first
 * unpacked into a hidden folder of DATA_DIR and checked (the SQLite copy passes `integrity_check`;
 * the SQL dump loads in one transaction), then moved into place, the database last; a failure
 * leaves DATA_DIR and the database as they were.
 */
export async function restoreBackup(config: Config, archivePath: string): Promise<RestoreSummary> {
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
    if (manifest.engine !== database.kind) {
      throw new RestoreRefused(
        manifest.engine === 'sqlite'
          ? 'This backup is of a SQLite database, but DATABASE_URL is set: unset it to restore into DATA_DIR.'
          : 'This backup is of a PostgreSQL database: set DATABASE_URL (and DATABASE_SCHEMA if the app uses one) to restore it.',
      );
    }
    const source = manifest.schema ?? 'public';
    const target = database.kind === 'postgres' ? (database.schema ?? 'public') : source;
    if (database.kind === 'postgres') await preparePostgres(database.url, target, source);

    const expected = database.kind === 'sqlite' ? SQLITE_NAME : DUMP_NAME;
    let databaseFile: string | undefined;
    const dataFiles: string[] = [];
    await mkdir(staging, { recursive: true });
    for await (const entry of entries) {
      if (entry.name === expected && !databaseFile) {
        databaseFile = join(staging, expected);
        await writeEntry(entry, databaseFile);
      } else if (entry.name.startsWith(DATA_PREFIX) && isSafeDataPath(entry.name.slice(DATA_PREFIX.length))) {
        const path = entry.name.slice(DATA_PREFIX.length);
        await writeEntry(entry, join(staging, 'data', path));
        dataFiles.push(path);
      } else {
        throw new RestoreRefused(`${archivePath} holds an unexpected entry (${entry.name}); nothing was restored.`);
      }
    }
    if (!databaseFile)
      throw new RestoreRefused(`${archivePath} holds no database (${expected}); nothing was restored.`);

    if (database.kind === 'sqlite') {
      const copy = new SQLite(databaseFile, { fileMustExist: true });
      try {
        const check = copy.pragma('integrity_check', { simple: true });
        if (check !== 'ok') throw new RestoreRefused(`The backup's database is damaged: ${String(check)}`);
      } finally {
        copy.close();
      }
    } else {
      const script = join(staging, 'restore.sql');
      await restoreScript(databaseFile, script, source, target);
      await runScript(database.url, script);
    }
    for (const path of dataFiles) {
      await mkdir(dirname(join(config.dataDir, path)), { recursive: true });
      await rename(join(staging, 'data', path), join(config.dataDir, path));
    }
    if (database.kind === 'sqlite') await rename(databaseFile, database.file);
    return {
      engine: manifest.engine,
      createdAt: manifest.createdAt,
      migration: manifest.migration,
      files: dataFiles.length,
    };
  } finally {
    raw.destroy();
    input.destroy();
    await rm(staging, { recursive: true, force: true });
  }
}
