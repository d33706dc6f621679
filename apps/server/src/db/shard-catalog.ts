import { sql, type Kysely } from 'kysely';
import type { TableShape } from './shard-rules.ts';

// Read with the catalog's own queries, without table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** pg_constraint's action codes (confdeltype, confupdtype) as SQL says them. */
const PG_ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

function actionsOf(onDelete: string, onUpdate: string): string[] {
  return [
    ...(onDelete === 'NO ACTION' ? [] : [`ON DELETE ${onDelete}`]),
    ...(onUpdate === 'NO ACTION' ? [] : [`ON UPDATE ${onUpdate}`]),
  ];
}

/** The tables of a SQLite database as shard-rules.ts checks them, from its pragmas. */
export async function sqliteTables(db: AnyDb): Promise<TableShape[]> {
  const names = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const tables: TableShape[] = [];
  for (const { name } of names.rows) {
    const columns = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})`.execute(
      db,
    );
    const indexes = await sql<{ name: string; unique: number; origin: string }>`
      select name, "unique", origin from pragma_index_list(${name})`.execute(db);
    const uniques = [];
    for (const index of indexes.rows.filter((i) => i.unique && i.origin !== 'pk')) {
      const keys = await sql<{ name: string | null }>`
        select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      uniques.push({ name: index.name, columns: keys.rows.map((k) => k.name ?? '(expression)') });
    }
    const keys = await sql<{
      id: number;
      table: string;
      from: string;
      to: string | null;
      on_update: string;
      on_delete: string;
    }>`
      select id, "table", "from", "to", on_update, on_delete from pragma_foreign_key_list(${name}) order by id, seq`.execute(
      db,
    );
    const foreignKeys = new Map<number, TableShape['foreignKeys'][number]>();
    for (const key of keys.rows) {
      const known = foreignKeys.get(key.id) ?? {
        columns: [],
        table: key.table,
        refColumns: [],
        actions: actionsOf(key.on_delete, key.on_update),
      };
      known.columns.push(key.from);
      // A key naming no columns points at the parent's primary key.
      known.refColumns.push(key.to ?? '(primary key)');
      foreignKeys.set(key.id, known);
    }
    tables.push({
      name,
      foreignKeys: [...foreignKeys.values()],
      columns: columns.rows.map((c) => c.name),
      primaryKey: columns.rows
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      uniques,
    });
  }
  return tables;
}

/**
 * The tables of one PostgreSQL schema (the current one by default) from pg_class, pg_attribute,
 * pg_index (every unique index: primary keys, unique constraints and unique indexes, partial ones
 * too, expression keys as their text) and pg_constraint (foreign keys with both column lists).
 */
export async function postgresTables(db: AnyDb, schema?: string): Promise<TableShape[]> {
  const namespace = schema === undefined ? sql`current_schema()` : sql`${schema}`;
  const columns = await sql<{ table_name: string; column_name: string }>`
    select t.relname as table_name, a.attname as column_name
    from pg_class t
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = ${namespace} and t.relkind in ('r', 'p')
    order by t.relname, a.attnum`.execute(db);
  const indexes = await sql<{ table_name: string; index_name: string; is_primary: boolean; columns: string[] }>`
    select t.relname as table_name, i.relname as index_name, ix.indisprimary as is_primary,
      array(select pg_get_indexdef(ix.indexrelid, k, true) from generate_series(1, ix.indnkeyatts) as k order by k)
        as columns
    from pg_index ix
    join pg_class t on t.oid = ix.indrelid
    join pg_class i on i.oid = ix.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${namespace} and ix.indisunique`.execute(db);
  const foreignKeys = await sql<{
    table_name: string;
    ref_table: string;
    columns: string[];
    ref_columns: string[];
    on_delete: string;
    on_update: string;
  }>`
    select t.relname as table_name, r.relname as ref_table, c.confdeltype as on_delete, c.confupdtype as on_update,
      array(select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.i) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality as k(attnum, i)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.i) as ref_columns
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname = ${namespace}
    order by t.relname, c.conname`.execute(db);
  const tables = new Map<string, TableShape>();
  for (const { table_name, column_name } of columns.rows) {
    let table = tables.get(table_name);
    if (!table) {
      table = { name: table_name, columns: [], primaryKey: [], uniques: [], foreignKeys: [] };
      tables.set(table_name, table);
    }
    table.columns.push(column_name);
  }
  for (const key of foreignKeys.rows) {
    tables.get(key.table_name)?.foreignKeys.push({
      columns: key.columns,
      table: key.ref_table,
      refColumns: key.ref_columns,
      actions: actionsOf(PG_ACTIONS[key.on_delete] ?? key.on_delete, PG_ACTIONS[key.on_update] ?? key.on_update),
    });
  }
  for (const index of indexes.rows.sort((a, b) => a.index_name.localeCompare(b.index_name))) {
    const table = tables.get(index.table_name);
    if (!table) continue;
    if (index.is_primary) table.primaryKey = index.columns;
    else table.uniques.push({ name: index.index_name, columns: index.columns });
  }
  return [...tables.values()];
}
