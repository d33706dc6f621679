import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { knownMigrations, migrateTo } from '../db/migrate.ts';
import { RestoreRefused } from './archive.ts';
import { readDump } from './dump-reader.ts';
import { LoadScript, readCatalog, type Catalog } from './load-script.ts';
import { runScript } from './postgres-tools.ts';

/**
 * A PostgreSQL backup is restored as data, never as code. Its `database.sql` (pg_dump's plain
 * output) is not handed to psql: the tables are built by this version's own migrations, up to the
 * migration the backup was taken at, in a new schema of their own; only the dump's table data
 * (its `COPY … FROM stdin` blocks, into tables and columns those migrations made) and its
 * sequence positions are loaded, by a script written here. Its other SQL is not run, and a psql
 * command (`\!`, `\i`, …) outside table data refuses the backup. Once loaded and checked (foreign
 * keys are added back over the loaded rows) the tables move into the target schema in one
 * transaction; a failure drops the new schema and leaves the target as it was.
 */

/** Writes the psql script that loads the dump's data into `schema` (load-script.ts), reading the dump as data (dump-reader.ts). */
async function writeLoadScript(dump: string, script: string, source: string, schema: string, catalog: Catalog) {
  const load = new LoadScript(script, schema, catalog);
  try {
    await readDump(dump, source, catalog.columns, catalog.sequences, {
      encoding: (name) => load.setEncoding(name),
      setval: (sequence, value, called) => load.setval(sequence, value, called),
      copy: (table, columns) => load.copy(table, columns),
      row: (line) => load.put(line),
      endCopy: () => load.endCopy(),
    });
    await load.finish();
  } catch (error) {
    load.abort();
    throw error;
  }
}

/**
 * Moves every table, sequence and routine of schema `from` into schema `to` (indexes, constraints,
 * triggers and owned sequences follow their tables), then drops the empty `from`.
 */
function moveSchemaSql(from: string, to: string): string {
  const [f, t] = [pg.escapeLiteral(from), pg.escapeLiteral(to)];
  return `DO $restore$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${f} AND (c.relkind IN ('r', 'p')
      OR (c.relkind = 'S' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))))
  LOOP
    EXECUTE format('ALTER %s %I.%I SET SCHEMA %I', CASE r.relkind WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, ${f}, r.relname, ${t});
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = ${f}
  LOOP
    EXECUTE format('ALTER ROUTINE %s SET SCHEMA %I', r.signature, ${t});
  END LOOP;
END $restore$;
DROP SCHEMA ${pg.escapeIdentifier(from)};`;
}

/** A backup whose database is at a migration this version cannot rebuild. */
export function unknownMigration(migration: string | null): RestoreRefused {
  return new RestoreRefused(
    migration
      ? `This backup was taken by a newer ShopDesk (its database is at migration ${migration}, which this version does not know): restore it with that version or a later one.`
      : 'This backup holds a database that was never set up (it has no migration); nothing was restored.',
  );
}

/**
 * Builds this version's tables at `migration` in a new schema of their own, lets `load` fill them
 * (it is given a connection, the schema and its catalog), then moves them into the empty schema
 * `target` in one transaction; any failure drops the new schema and leaves the target as it was.
 */
export async function restoreIntoPostgres<T>(options: {
  url: string;
  target: string;
  migration: string | null;
  load: (client: pg.Client, schema: string, catalog: Catalog) => Promise<T>;
}): Promise<T> {
  const { url, target, migration, load } = options;
  if (!migration || !(await knownMigrations()).includes(migration)) throw unknownMigration(migration);
  const staging = `shopdesk_restore_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema ${pg.escapeIdentifier(staging)}`);
    try {
      const handle = openDatabase({ kind: 'postgres', url, schema: staging });
      try {
        await migrateTo(handle.db, migration, staging);
      } finally {
        await handle.close();
      }
      const result = await load(client, staging, await readCatalog(client, staging));
      await client.query('begin');
      await client.query(`create schema if not exists ${pg.escapeIdentifier(target)}`);
      await client.query(moveSchemaSql(staging, target));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      await client.query(`drop schema if exists ${pg.escapeIdentifier(staging)} cascade`);
      throw error;
    }
  } finally {
    await client.end();
  }
}

/**
 * Restores the dump of schema `source` (as the manifest names it) into the empty schema `target`,
 * at migration `migration`; `script` is a path in the staging folder for the load script.
 */
export async function restorePostgresData(options: {
  url: string;
  dump: string;
  script: string;
  source: string;
  target: string;
  migration: string | null;
}): Promise<void> {
  const { url, dump, script, source } = options;
  await restoreIntoPostgres({
    ...options,
    load: async (_client, schema, catalog) => {
      await writeLoadScript(dump, script, source, schema, catalog);
      await runScript(url, script);
    },
  });
}
