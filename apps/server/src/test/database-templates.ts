import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * Migrated databases to copy, made once per test run: migrating a new database took 0.5–1 s of
 * CPU on each engine, and the API suite starts several hundred apps. A test app starts on a copy:
 * on SQLite a copy of the file, on PostgreSQL `CREATE DATABASE … TEMPLATE`, whose one schema has
 * the name every copy keeps (`t_` and hex, like the schemas the suite made before).
 */
export interface DatabaseTemplates {
  /** A closed, checkpointed SQLite file of the latest schema. */
  sqliteFile: string;
  /** The PostgreSQL template database and the schema in it, when TEST_DATABASE_URL is set. */
  postgres?: { database: string; schema: string };
}

/** The admin connection: the database TEST_DATABASE_URL names. */
async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function makeTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'shopdesk-template-'));
  const sqliteFile = join(dir, 'shopdesk.db');
  const sqlite = openDatabase({ kind: 'sqlite', file: sqliteFile });
  await migrateToLatest(sqlite);
  // Closing checkpoints the WAL into the file and removes it: the file alone is the database.
  await sqlite.close();
  if (existsSync(`${sqliteFile}-wal`)) throw new Error('The SQLite template kept a WAL after closing');

  let postgres: DatabaseTemplates['postgres'];
  if (process.env.TEST_DATABASE_URL) {
    const id = randomBytes(6).toString('hex');
    postgres = { database: `shopdesk_template_${id}`, schema: `t_${id}` };
    await withAdmin((c) => c.query(`CREATE DATABASE ${postgres!.database}`));
    const url = databaseUrl(postgres.database);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${postgres.schema}`);
    await client.end();
    const handle = openDatabase({ kind: 'postgres', url, schema: postgres.schema });
    await migrateToLatest(handle);
    // A template may have no session open when it is copied.
    await handle.close();
  }

  const template = postgres;
  return {
    templates: { sqliteFile, postgres },
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
      if (template) await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${template.database} WITH (FORCE)`));
    },
  };
}

/** A copy of the SQLite template as `file`. */
export function copySqliteTemplate(templates: DatabaseTemplates, file: string): void {
  copyFileSync(templates.sqliteFile, file);
}

/** A new PostgreSQL database copied from the template: its URL, its schema and how to drop it. */
export async function copyPostgresTemplate(
  templates: DatabaseTemplates,
): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const template = templates.postgres;
  if (!template) throw new Error('No PostgreSQL template: TEST_DATABASE_URL was not set when the run started');
  const database = `shopdesk_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${database} TEMPLATE ${template.database}`));
  return {
    url: databaseUrl(database),
    schema: template.schema,
    // FORCE: a test that failed midway may leave a connection of its own open.
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).then(() => {}),
  };
}
