import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { knownMigrations, migrateTo } from '../db/migrate.ts';
import { RestoreRefused } from './archive.ts';
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

/** No row of ours is near this; a longer line is a damaged or hostile dump, not read into memory. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** The dump's lines as bytes, split on `\n` only (COPY data never holds a raw `\r`; psql splits on `\n`). */
async function* lines(file: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      yield pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) throw refused('a line longer than 16 MB');
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}

function refused(what: string): RestoreRefused {
  return new RestoreRefused(
    `The backup's database.sql is not what ShopDesk's backup writes (${what}); nothing was restored.`,
  );
}

const IDENT = String.raw`(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")`;
const COPY_LINE = new RegExp(String.raw`^COPY (${IDENT})\.(${IDENT}) \((${IDENT}(?:, ${IDENT})*)\) FROM stdin;$`);
const SETVAL_LINE = new RegExp(
  String.raw`^SELECT pg_catalog\.setval\('(${IDENT})\.(${IDENT})', (\d{1,19}), (true|false)\);$`,
);
const ENCODING_LINE = /^SET client_encoding = '([A-Z0-9_]{1,20})';$/;
/** pg_dump (15.14, 16.10, 17.6 and later) brackets its output with these; they run nothing. */
const RESTRICT_LINE = /^\\(?:un)?restrict [A-Za-z0-9]{1,100}$/;

function unquote(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier;
}

function splitIdentifiers(list: string): string[] {
  return [...list.matchAll(new RegExp(IDENT, 'g'))].map((m) => unquote(m[0]));
}

interface Catalog {
  columns: Map<string, Set<string>>;
  sequences: Set<string>;
  tables: string[];
  foreignKeys: { table: string; name: string; definition: string }[];
  /** Tables with triggers of their own (a closed shift's lock): off while rows load, as they were saved. */
  triggered: string[];
}

/** What the migrations made in `schema`: tables with their columns, sequences and foreign keys. */
async function readCatalog(client: pg.Client, schema: string): Promise<Catalog> {
  // Definitions name their tables with the schema, whatever the connection's search_path was.
  await client.query('set search_path = pg_catalog');
  const columns = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
    [schema],
  );
  const sequences = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind = 'S'`,
    [schema],
  );
  const foreignKeys = await client.query<{ table: string; name: string; definition: string }>(
    `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = $1 and c.contype = 'f' order by 1, 2`,
    [schema],
  );
  const triggered = await client.query<{ table: string }>(
    `select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and not g.tgisinternal order by 1`,
    [schema],
  );
  const byTable = new Map<string, Set<string>>();
  for (const { table, column } of columns.rows) {
    if (!byTable.has(table)) byTable.set(table, new Set());
    byTable.get(table)!.add(column);
  }
  return {
    columns: byTable,
    sequences: new Set(sequences.rows.map((r) => r.name)),
    tables: [...byTable.keys()].sort(),
    foreignKeys: foreignKeys.rows,
    triggered: triggered.rows.map((r) => r.table),
  };
}

/**
 * Writes the psql script that loads the dump's data into `schema`: every table emptied (a
 * migration may seed rows), foreign keys dropped so tables load in the dump's order and added back
 * after (which checks every loaded row), then each COPY block into its table. Only lines written
 * here reach psql outside COPY data.
 */
async function writeLoadScript(
  dump: string,
  script: string,
  source: string,
  schema: string,
  catalog: Catalog,
): Promise<void> {
  const out = createWriteStream(script, { flags: 'wx', mode: 0o600 });
  const done = finished(out);
  done.catch(() => undefined);
  const put = async (line: string | Buffer) => {
    out.write(line);
    if (!out.write('\n')) await once(out, 'drain');
  };
  const q = (name: string) => pg.escapeIdentifier(name);
  const s = q(schema);
  let encoding = 'UTF8';
  const setvals: string[] = [];
  let copying = false;
  let started = false;
  for await (const line of lines(dump)) {
    if (copying) {
      if (line.length === 2 && line[0] === 0x5c && line[1] === 0x2e) {
        await put('\\.');
        copying = false;
      } else if (line.includes(CARRIAGE_RETURN)) {
        throw refused('a carriage return in table data');
      } else await put(line);
      continue;
    }
    const text = line.toString('utf8');
    if (text.startsWith('\\')) {
      if (RESTRICT_LINE.test(text)) continue;
      throw refused(`a psql command outside table data: ${text.slice(0, 40)}`);
    }
    const encodingLine = ENCODING_LINE.exec(text);
    if (encodingLine) {
      encoding = encodingLine[1]!;
      continue;
    }
    const setval = SETVAL_LINE.exec(text);
    if (setval) {
      const sequence = unquote(setval[2]!);
      if (unquote(setval[1]!) !== source || !catalog.sequences.has(sequence)) {
        throw refused(`a sequence this version does not have: ${text.slice(0, 80)}`);
      }
      setvals.push(`SELECT pg_catalog.setval('${q(schema)}.${q(sequence)}', ${setval[3]}, ${setval[4]});`);
      continue;
    }
    if (!text.startsWith('COPY ')) continue;
    const copy = COPY_LINE.exec(text);
    const table = copy && unquote(copy[2]!);
    const known = table !== null ? catalog.columns.get(table) : undefined;
    if (!copy || unquote(copy[1]!) !== source || !known) {
      throw refused(`table data for a table this version does not have: ${text.slice(0, 80)}`);
    }
    const columns = splitIdentifiers(copy[3]!);
    const unknown = columns.find((c) => !known.has(c));
    if (unknown !== undefined) throw refused(`a column ${table}.${unknown} this version does not have`);
    if (!started) {
      await put(`SET client_encoding = ${pg.escapeLiteral(encoding)};`);
      await put(`TRUNCATE TABLE ${catalog.tables.map((t) => `${s}.${q(t)}`).join(', ')};`);
      for (const fk of catalog.foreignKeys) await put(`ALTER TABLE ${s}.${q(fk.table)} DROP CONSTRAINT ${q(fk.name)};`);
      for (const table of catalog.triggered) await put(`ALTER TABLE ${s}.${q(table)} DISABLE TRIGGER USER;`);
      started = true;
    }
    await put(`COPY ${s}.${q(table!)} (${columns.map(q).join(', ')}) FROM stdin;`);
    copying = true;
  }
  if (copying) throw refused('it ends inside table data');
  if (!started) throw refused('it holds no table data');
  for (const line of setvals) await put(line);
  for (const fk of catalog.foreignKeys) {
    await put(`ALTER TABLE ${s}.${q(fk.table)} ADD CONSTRAINT ${q(fk.name)} ${fk.definition};`);
  }
  for (const table of catalog.triggered) await put(`ALTER TABLE ${s}.${q(table)} ENABLE TRIGGER USER;`);
  out.end();
  await done;
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
  const { url, dump, script, source, target, migration } = options;
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
      await writeLoadScript(dump, script, source, staging, await readCatalog(client, staging));
      await runScript(url, script);
      await client.query('begin');
      await client.query(`create schema if not exists ${pg.escapeIdentifier(target)}`);
      await client.query(moveSchemaSql(staging, target));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      await client.query(`drop schema if exists ${pg.escapeIdentifier(staging)} cascade`);
      throw error;
    }
  } finally {
    await client.end();
  }
}
