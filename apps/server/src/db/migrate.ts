import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Loads `migrations/*.ts` in name order (names start with a sortable timestamp); `*.js` when run
 * compiled (`npm start`). A migration's name is its file name without the extension either way.
 */
class DirectoryMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{12,}-[a-z0-9-]+\.[jt]s$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as Migration;
      migrations[file.replace(/\.[jt]s$/, '')] = mod;
    }
    return migrations;
  }
}

// Migrations are written against no table types (Kysely<any>, as Kysely's own Migrator takes).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function migratorFor(db: AnyDb, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: new DirectoryMigrationProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** The names of the migrations this version has, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await new DirectoryMigrationProvider().getMigrations());
}

/**
 * Builds the schema up to migration `name` exactly (a restore recreates the tables a backup's data
 * was dumped from, so the data is loaded into tables our own migrations made).
 */
export async function migrateTo(db: AnyDb, name: string, schema?: string): Promise<void> {
  const { error, results } = await migratorFor(db, schema).migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** Brings the schema up to date; run on every start. Throws when a migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const { error, results } = await migratorFor(handle.db, handle.schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
