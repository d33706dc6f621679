import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.ts';
import {
  DATA_PREFIX,
  DUMP_NAME,
  MANIFEST_NAME,
  SQLITE_NAME,
  listDataFiles,
  readIfPresent,
  type Manifest,
} from './archive.ts';
import { dumpSchema } from './postgres-tools.ts';
import { tarWriter } from './tar.ts';

export interface BackupSummary {
  archive: string;
  engine: Manifest['engine'];
  databaseBytes: number;
  files: number;
  archiveBytes: number;
}

/** Pages per backup step: all of them, so the copy is read in one snapshot and never restarts. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a live SQLite database, through the online backup API on a connection of
 * its own. The copy is made in one step, which reads one WAL snapshot: the app keeps committing
 * meanwhile (WAL readers never block the writer), and the copy holds exactly the commits made
 * before the step began. Returns the last migration the copy had run.
 */
async function copySqlite(source: string, target: string): Promise<string | null> {
  if (!existsSync(source)) throw new Error(`there is no database at ${source}: is DATA_DIR set as the app has it?`);
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(target, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new SQLite(target);
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy of the database failed its integrity check: ${String(check)}`);
    return latestMigration(copy);
  } finally {
    copy.close();
  }
}

function latestMigration(db: SQLite.Database): string | null {
  const row = db.prepare('select max(name) as name from kysely_migration').get() as { name: string | null } | undefined;
  return row?.name ?? null;
}

async function latestPgMigration(url: string, schema: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ name: string | null }>(
      `select max(name) as name from ${pg.escapeIdentifier(schema)}.kysely_migration`,
    );
    return result.rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

/**
 * `npm run backup -- <file>`: the database (a consistent snapshot taken while the app runs) and
 * the DATA_DIR files beside it, in one gzipped tar (archive.ts says what it holds). The archive is
 * written under a temporary name and renamed once complete and on disk, so `<file>` is never a
 * half-written backup. Files are copied after the database snapshot: every image the snapshot
 * records is already in place, and an image uploaded meanwhile is at worst an unreferenced extra.
 */
export async function createBackup(config: Config, archivePath: string): Promise<BackupSummary> {
  const archive = resolve(archivePath);
  // Beside the archive, not in /tmp (often a small tmpfs): the database copy is as large as the database.
  const work = await mkdtemp(join(dirname(archive), '.shopdesk-backup-'));
  const partial = join(dirname(archive), `.${basename(archive)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    const database = config.database;
    let databaseFile: string;
    let manifest: Manifest;
    const base = { format: 'shopdesk-backup', formatVersion: 1, createdAt: new Date().toISOString() } as const;
    if (database.kind === 'sqlite') {
      databaseFile = join(work, SQLITE_NAME);
      const migration = await copySqlite(database.file, databaseFile);
      manifest = { ...base, engine: 'sqlite', appVersion: config.version, migration };
    } else {
      const schema = database.schema ?? 'public';
      databaseFile = join(work, DUMP_NAME);
      await dumpSchema(database.url, schema, databaseFile);
      const migration = await latestPgMigration(database.url, schema);
      manifest = { ...base, engine: 'postgres', schema, appVersion: config.version, migration };
    }
    const dataFiles = await listDataFiles(config.dataDir);

    const gzip = createGzip();
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    gzip.pipe(out);
    const written = finished(out);
    written.catch(() => undefined);
    const tar = tarWriter(gzip);
    const { size: databaseBytes, mtimeMs } = await stat(databaseFile);
    let files = 0;
    try {
      await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
      await tar.addFile(basename(databaseFile), databaseFile, databaseBytes, mtimeMs);
      for (const path of dataFiles) {
        // Read whole (images are small), so one replaced meanwhile is archived as one version.
        const bytes = await readIfPresent(join(config.dataDir, path));
        if (!bytes) continue;
        await tar.addBuffer(DATA_PREFIX + path, bytes);
        files++;
      }
      await tar.finish();
      gzip.end();
      await written;
    } catch (error) {
      gzip.destroy();
      out.destroy();
      throw error;
    }
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, archive);
    const { size: archiveBytes } = await stat(archive);
    return { archive, engine: manifest.engine, databaseBytes, files, archiveBytes };
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}
