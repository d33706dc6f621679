import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';

/** What the migrations made in a PostgreSQL schema: tables with their columns and types, sequences, foreign keys. */
export interface Catalog {
  columns: Map<string, Set<string>>;
  /** Each column's type as PostgreSQL names it (`bigint`, `integer`, `text`). */
  types: Map<string, Map<string, string>>;
  sequences: Set<string>;
  tables: string[];
  foreignKeys: { table: string; name: string; definition: string }[];
  /** Primary and unique keys: dropped while rows load and added back after (one sort each, then a check of every row). */
  keys: { table: string; name: string; definition: string }[];
  /** Indexes that back no constraint: dropped while rows load and built once after, far faster than row by row. */
  indexes: { name: string; definition: string }[];
  /** Tables with triggers of their own (a closed shift's lock, an item kept with its product): off while rows load, as they were saved. */
  triggered: string[];
}

export async function readCatalog(client: pg.Client, schema: string): Promise<Catalog> {
  // Definitions name their tables with the schema, whatever the connection's search_path was.
  await client.query('set search_path = pg_catalog');
  const columns = await client.query<{ table: string; column: string; type: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped order by 1, a.attnum`,
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
  const keys = await client.query<{ table: string; name: string; definition: string }>(
    `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = $1 and c.contype in ('p', 'u') order by 1, 2`,
    [schema],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition from pg_index x
       join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
     where n.nspname = $1 and not exists (select 1 from pg_constraint c where c.conindid = i.oid) order by 1`,
    [schema],
  );
  const triggered = await client.query<{ table: string }>(
    `select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and not g.tgisinternal order by 1`,
    [schema],
  );
  const byTable = new Map<string, Set<string>>();
  const types = new Map<string, Map<string, string>>();
  for (const { table, column, type } of columns.rows) {
    if (!byTable.has(table)) {
      byTable.set(table, new Set());
      types.set(table, new Map());
    }
    byTable.get(table)!.add(column);
    types.get(table)!.set(column, type);
  }
  return {
    columns: byTable,
    types,
    sequences: new Set(sequences.rows.map((r) => r.name)),
    tables: [...byTable.keys()].sort(),
    foreignKeys: foreignKeys.rows,
    keys: keys.rows,
    indexes: indexes.rows,
    triggered: triggered.rows.map((r) => r.table),
  };
}

/**
 * Writes the psql script that loads table data into `schema`: every table emptied (a migration
 * may seed rows), foreign keys dropped so tables load in any order and added back after (which
 * checks every loaded row), primary and unique keys and indexes dropped and built once after the
 * rows are in (a sort each, instead of a b-tree insert per row; a duplicate fails the load), user triggers off while rows load (the rows already hold what they
 * would write), then each table's rows as COPY text. Only lines written here reach psql outside
 * COPY data.
 */
export class LoadScript {
  private readonly out;
  private readonly done;
  private readonly setvals: string[] = [];
  private started = false;
  private encoding = 'UTF8';

  /** `to`: a file's path, or a stream (psql's standard input, so the load runs while the script is written). */
  constructor(
    to: string | Writable,
    private readonly schema: string,
    private readonly catalog: Catalog,
  ) {
    this.out = typeof to === 'string' ? createWriteStream(to, { flags: 'wx', mode: 0o600 }) : to;
    this.done = finished(this.out);
    this.done.catch(() => undefined);
  }

  private q = (name: string) => pg.escapeIdentifier(name);

  async put(line: string | Buffer): Promise<void> {
    // A reader that stopped (psql at an error) destroyed the stream: no drain will ever come.
    if (this.out.destroyed) throw new Error('the load stopped before its script was written');
    this.out.write(line);
    if (!this.out.write('\n')) await once(this.out, 'drain');
  }

  /** Rows of COPY text already joined, each ending in its newline: one write for many rows. */
  async putRows(rows: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error('the load stopped before its script was written');
    if (!this.out.write(rows)) await once(this.out, 'drain');
  }

  setEncoding(encoding: string): void {
    this.encoding = encoding;
  }

  setval(sequence: string, value: string, called: boolean): void {
    this.setvals.push(`SELECT pg_catalog.setval('${this.q(this.schema)}.${this.q(sequence)}', ${value}, ${called});`);
  }

  async copy(table: string, columns: string[]): Promise<void> {
    const s = this.q(this.schema);
    if (!this.started) {
      await this.put(`SET client_encoding = ${pg.escapeLiteral(this.encoding)};`);
      await this.put(`TRUNCATE TABLE ${this.catalog.tables.map((t) => `${s}.${this.q(t)}`).join(', ')};`);
      // Index builds after the load sort once instead of inserting row by row.
      await this.put(`SET maintenance_work_mem = '256MB';`);
      for (const fk of this.catalog.foreignKeys)
        await this.put(`ALTER TABLE ${s}.${this.q(fk.table)} DROP CONSTRAINT ${this.q(fk.name)};`);
      for (const key of this.catalog.keys)
        await this.put(`ALTER TABLE ${s}.${this.q(key.table)} DROP CONSTRAINT ${this.q(key.name)};`);
      for (const index of this.catalog.indexes) await this.put(`DROP INDEX ${s}.${this.q(index.name)};`);
      for (const table of this.catalog.triggered)
        await this.put(`ALTER TABLE ${s}.${this.q(table)} DISABLE TRIGGER USER;`);
      this.started = true;
    }
    // FREEZE (the table was emptied in this transaction): its rows are written as already visible,
    // so the read-back that follows (and the first vacuum) does not rewrite every page to say so.
    await this.put(`COPY ${s}.${this.q(table)} (${columns.map(this.q).join(', ')}) FROM stdin WITH (FREEZE);`);
  }

  endCopy(): Promise<void> {
    return this.put('\\.');
  }

  async finish(): Promise<void> {
    const s = this.q(this.schema);
    for (const line of this.setvals) await this.put(line);
    for (const key of this.catalog.keys)
      await this.put(`ALTER TABLE ${s}.${this.q(key.table)} ADD CONSTRAINT ${this.q(key.name)} ${key.definition};`);
    for (const index of this.catalog.indexes) await this.put(`${index.definition};`);
    for (const fk of this.catalog.foreignKeys) {
      await this.put(`ALTER TABLE ${s}.${this.q(fk.table)} ADD CONSTRAINT ${this.q(fk.name)} ${fk.definition};`);
    }
    for (const table of this.catalog.triggered)
      await this.put(`ALTER TABLE ${s}.${this.q(table)} ENABLE TRIGGER USER;`);
    this.out.end();
    await this.done;
  }

  /** Stops writing (a refused backup): the file is removed with the staging folder. */
  abort(): void {
    this.out.destroy();
  }
}
