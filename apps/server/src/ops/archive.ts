import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@shopdesk/shared';
import { z } from 'zod';

/**
 * What a backup archive holds (a gzipped tar, `tar -tzf` lists it):
 * - `shopdesk-backup.json`, always first: the manifest below;
 * - `shopdesk.db` (SQLite: a consistent copy made with the online backup API) or `database.sql`
 *   (PostgreSQL: `pg_dump` of the app's schema, plain SQL);
 * - `data/…`: the DATA_DIR files beside the database: uploaded images (`data/files/{store}/{id}`),
 *   unsent mail (`data/outbox/`) and the generated `data/jwt-secret`, so restored sessions stay valid.
 */
export const MANIFEST_NAME = 'shopdesk-backup.json';
export const SQLITE_NAME = 'shopdesk.db';
export const DUMP_NAME = 'database.sql';
export const DATA_PREFIX = 'data/';

/** A refusal the CLI prints as it is: nothing was changed. */
export class RestoreRefused extends Error {}

export const ManifestSchema = z.object({
  format: z.literal('shopdesk-backup'),
  formatVersion: z.literal(1),
  engine: z.enum(['sqlite', 'postgres']),
  /** PostgreSQL: the schema that was dumped (the dump names it in every statement). */
  schema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The last migration the database had run; a restored database is migrated further on start. */
  migration: z.string().nullable(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** The DATA_DIR entries a backup carries; everything else there (the live database files) is not. */
const DATA_ENTRIES = ['files', 'outbox', 'jwt-secret'];

const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
/** File storage keys (lib/file-storage.ts): `files/{storeId}/{fileId}`. */
const FILE_KEY = /^[a-z0-9-]{1,200}$/;
const KB = 1024;
const MB = 1024 * KB;

/**
 * The most bytes a DATA_DIR file of a backup may hold, by where it goes; undefined for a path a
 * backup never holds. Each kind of file has one place and depth: `jwt-secret` is a file (never a
 * folder of files), uploaded images are `files/{store}/{id}` no larger than an upload may be, unsent
 * mail is `outbox/{name}`. So a restore cannot write outside those places, turn a file the app reads
 * into a folder, or unpack a small archive into gigabytes.
 */
export function dataFileLimit(path: string): number | undefined {
  const segments = path.split('/');
  if (path === 'jwt-secret') return 4 * KB;
  if (segments[0] === 'files' && segments.length === 3 && segments.slice(1).every((s) => FILE_KEY.test(s))) {
    return MAX_IMAGE_BYTES;
  }
  if (segments[0] === 'outbox' && segments.length === 2 && SAFE_SEGMENT.test(segments[1]!)) return 10 * MB;
  return undefined;
}

/** True for a path a backup may hold (see dataFileLimit). */
export function isSafeDataPath(path: string): boolean {
  return dataFileLimit(path) !== undefined;
}

/** The DATA_DIR files to back up, as paths relative to it; staged uploads (`.x.tmp`) are skipped. */
export async function listDataFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(dataDir, relative), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'ENOTDIR') throw error;
      if (isSafeDataPath(relative)) found.push(relative);
      return;
    }
    for (const entry of entries) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory() && SAFE_SEGMENT.test(entry.name)) await walk(path);
      else if (entry.isFile() && isSafeDataPath(path)) found.push(path);
    }
  };
  for (const entry of DATA_ENTRIES) await walk(entry);
  return found.sort();
}

/** A file's bytes, or undefined when it was deleted since it was listed (an image removed meanwhile). */
export async function readIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Files anywhere under `dir` (empty folders do not count), up to `limit` of them. */
export async function filesUnder(dir: string, limit = 5): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (found.length >= limit) return;
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else found.push(path);
    }
  };
  await walk('');
  return found;
}
