import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, useTestApp, type Engine } from '../test/harness.ts';
import { postgresTables, sqliteTables } from './shard-catalog.ts';
import { citusDistributionSql, shardKeyProblems, type TableShape } from './shard-rules.ts';

/**
 * Sharding by store (shard-rules.ts): each engine's migrated schema keeps every rule Citus applies
 * to tables distributed by store_id, a schema that breaks them is reported, and the committed
 * docs/citus-distribution.sql is what the schema generates.
 */
const CITUS_SQL = new URL('../../../../docs/citus-distribution.sql', import.meta.url);

const table = (shape: Partial<TableShape> & { name: string }): TableShape => ({
  columns: ['id', 'store_id'],
  primaryKey: ['store_id', 'id'],
  uniques: [],
  foreignKeys: [],
  ...shape,
});

describe('the shard-key rules', () => {
  it('report a missing store_id, keys without it, keys that are not co-located and keys across kinds', () => {
    const problems = shardKeyProblems([
      table({ name: 'widgets', columns: ['id', 'code'], primaryKey: ['id'] }),
      table({
        name: 'gadgets',
        primaryKey: ['id'],
        uniques: [{ name: 'gadgets_code_unique', columns: ['code'] }],
        foreignKeys: [{ columns: ['store_id'], table: 'stores', refColumns: ['id'] }],
      }),
      table({
        name: 'gadget_parts',
        foreignKeys: [
          { columns: ['gadget_id'], table: 'gadgets', refColumns: ['id'] },
          { columns: ['store_id', 'gadget_id'], table: 'gadgets', refColumns: ['store_id', 'id'] },
          { columns: ['store_id', 'gadget_id'], table: 'gadgets', refColumns: ['id', 'store_id'] },
          { columns: ['session_id'], table: 'sessions', refColumns: ['id'] },
          { columns: ['owner_id'], table: 'users', refColumns: ['id'] },
          {
            columns: ['store_id', 'part_id'],
            table: 'gadgets',
            refColumns: ['store_id', 'id'],
            actions: ['ON DELETE SET NULL', 'ON UPDATE CASCADE'],
          },
          {
            columns: ['store_id', 'kit_id'],
            table: 'gadgets',
            refColumns: ['store_id', 'id'],
            actions: ['ON DELETE CASCADE'],
          },
        ],
      }),
      table({
        name: 'users',
        columns: ['id', 'email'],
        primaryKey: ['id'],
        uniques: [{ name: 'u', columns: ['email'] }],
        foreignKeys: [
          { columns: ['gadget_id'], table: 'gadgets', refColumns: ['id'] },
          { columns: ['session_id'], table: 'sessions', refColumns: ['id'] },
        ],
      }),
      table({
        name: 'sessions',
        columns: ['id', 'user_id'],
        primaryKey: ['id'],
        foreignKeys: [
          { columns: ['user_id'], table: 'users', refColumns: ['id'] },
          { columns: ['store_id', 'gadget_id'], table: 'gadgets', refColumns: ['store_id', 'id'] },
        ],
      }),
    ]);
    expect(problems).toEqual([
      'widgets: no store_id column (add one, or list the table in GLOBAL_TABLES with a reason)',
      'gadgets: primary key (id) does not include store_id',
      'gadgets: unique key gadgets_code_unique (code) does not include store_id',
      'gadget_parts: foreign key (gadget_id) to gadgets (id) does not pair store_id with store_id (not co-located)',
      'gadget_parts: foreign key (store_id, gadget_id) to gadgets (id, store_id) does not pair store_id with store_id (not co-located)',
      'gadget_parts: foreign key (session_id) to sessions, a local table: make it a reference table or drop the key',
      'gadget_parts: foreign key (store_id, part_id) to gadgets has ON DELETE SET NULL, which Citus refuses on store_id',
      'gadget_parts: foreign key (store_id, part_id) to gadgets has ON UPDATE CASCADE, which Citus refuses on store_id',
      'users: foreign key (gadget_id) to gadgets, a store table: a reference table cannot point at a distributed one',
      'users: foreign key (session_id) to sessions, a local table: a reference table may point only at reference tables',
      'sessions: foreign key (store_id, gadget_id) to gadgets, a store table: a local table cannot point at a distributed one',
    ]);
  });

  it('distribute reference tables first, then store tables after the tables they point at', () => {
    const text = citusDistributionSql([
      table({
        name: 'lines',
        foreignKeys: [{ columns: ['store_id', 'sale_id'], table: 'sales', refColumns: ['store_id', 'id'] }],
      }),
      table({ name: 'sales', foreignKeys: [{ columns: ['store_id'], table: 'stores', refColumns: ['id'] }] }),
      table({ name: 'stores', columns: ['id'], primaryKey: ['id'] }),
      table({ name: 'sessions', columns: ['id'], primaryKey: ['id'] }),
    ]);
    const commands = text.split('\n').filter((line) => line.startsWith('SELECT'));
    expect(commands).toEqual([
      expect.stringMatching(/^SELECT create_reference_table\('stores'\);/),
      "SELECT create_distributed_table('sales', 'store_id');",
      "SELECT create_distributed_table('lines', 'store_id', colocate_with => 'sales');",
    ]);
    expect(text).toContain('--   sessions: ');
    expect(() => citusDistributionSql([table({ name: 'widgets', primaryKey: ['id'] })])).toThrow(
      /widgets: primary key/,
    );
  });
});

describe.each(engines)('the migrated schema on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const read = () => (engine === 'sqlite' ? sqliteTables(t.db) : postgresTables(t.db));

  it('keys every store table by store_id, so it can be distributed by store', async () => {
    const tables = await read();
    // The reading itself works: the store tables every install has are found with their keys.
    const products = tables.find((shape) => shape.name === 'products');
    expect(products?.primaryKey).toEqual(['store_id', 'id']);
    expect(products?.uniques.map((u) => u.columns)).toContainEqual(['store_id', 'code']);
    const movements = tables.find((shape) => shape.name === 'stock_movements');
    expect(movements?.foreignKeys).toContainEqual({
      columns: ['store_id', 'product_id'],
      table: 'products',
      refColumns: ['store_id', 'id'],
      actions: [],
    });
    expect(tables.length).toBeGreaterThan(20);
    expect(shardKeyProblems(tables)).toEqual([]);
  });

  it('generates the committed Citus commands (docs/citus-distribution.sql)', async () => {
    expect(readFileSync(CITUS_SQL, 'utf8')).toBe(citusDistributionSql(await read()));
  });

  it.runIf(engine === 'postgres')('reports every rule a schema built to break them breaks', async () => {
    const schema = `broken_${randomBytes(4).toString('hex')}`;
    const at = (name: string) => sql.id(schema, name);
    await sql`create schema ${sql.id(schema)}`.execute(t.db);
    try {
      await sql`create table ${at('stores')} (id text primary key, session_id text)`.execute(t.db);
      await sql`create table ${at('widgets')} (id text primary key, store_id text not null references ${at('stores')},
        code text not null unique)`.execute(t.db);
      await sql`create table ${at('gizmos')} (id text primary key)`.execute(t.db);
      await sql`create table ${at('sessions')} (id text primary key, widget_id text references ${at('widgets')})`.execute(
        t.db,
      );
      await sql`alter table ${at('stores')} add foreign key (session_id) references ${at('sessions')}`.execute(t.db);
      await sql`create table ${at('users')} (id text primary key, widget_id text references ${at('widgets')})`.execute(
        t.db,
      );
      await sql`create table ${at('widget_parts')} (store_id text not null references ${at('stores')},
        id text not null, widget_id text not null references ${at('widgets')},
        session_id text references ${at('sessions')}, primary key (store_id, id))`.execute(t.db);
      await sql`alter table ${at('widget_parts')} add unique (store_id, id, widget_id)`.execute(t.db);
      await sql`create table ${at('widget_notes')} (store_id text not null, id text not null, part_id text,
        primary key (store_id, id), foreign key (store_id, part_id) references ${at('widget_parts')} (store_id, id)
        on delete set null)`.execute(t.db);
      await sql`create unique index widget_parts_lower_id on ${at('widget_parts')} (lower(id))`.execute(t.db);
      expect(shardKeyProblems(await postgresTables(t.db, schema))).toEqual([
        'gizmos: no store_id column (add one, or list the table in GLOBAL_TABLES with a reason)',
        'sessions: foreign key (widget_id) to widgets, a store table: a local table cannot point at a distributed one',
        'stores: foreign key (session_id) to sessions, a local table: a reference table may point only at reference tables',
        'users: foreign key (widget_id) to widgets, a store table: a reference table cannot point at a distributed one',
        'widget_notes: foreign key (store_id, part_id) to widget_parts has ON DELETE SET NULL, which Citus refuses on store_id',
        'widget_parts: foreign key (session_id) to sessions, a local table: make it a reference table or drop the key',
        'widget_parts: foreign key (widget_id) to widgets (id) does not pair store_id with store_id (not co-located)',
        'widget_parts: unique key widget_parts_lower_id (lower(id)) does not include store_id',
        'widgets: primary key (id) does not include store_id',
        'widgets: unique key widgets_code_key (code) does not include store_id',
      ]);
    } finally {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(t.db);
    }
  });
});
