import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, useTestApp, type Engine } from '../test/harness.ts';
import type { Db } from './database.ts';

/**
 * Sharding by store (ARCHITECTURE.md, "Growing past one machine"; convention 5): Citus distributes
 * store data by `store_id`, and a distributed table's primary key and unique keys must include the
 * distribution column (each shard can only check uniqueness among its own rows). This reads the
 * migrated schema of each engine and fails when a store-scoped table lacks `store_id`, or a unique
 * key of it, or a foreign key to another store table, does not include `store_id`. Every table is store-scoped unless listed here.
 */
const GLOBAL_TABLES: Record<string, string> = {
  users: 'accounts, above stores',
  sessions: 'a login of a user, not of a store',
  email_confirmations: 'sign-up confirmation of a user',
  password_resets: 'password reset of a user',
  auth_throttles: 'rate-limit counters keyed by address, email or user',
  exchange_rates: 'reference rates shared by every store (a Citus reference table)',
  stores:
    'the tenant directory: its id is the store id, and url_name must be unique across stores (kept on the coordinator)',
  receipt_codes:
    'the public code -> store lookup (convention 5): a receipt code is unique across stores and routes to its store',
  cargo_codes:
    'the cargo code -> store lookup, like receipt_codes: a cargo code is unique across stores (product.md §5)',
  cargo_qr_tokens:
    'the QR hand-over token -> cargo lookup: a receiver in another store redeems it knowing only the token',
  billing_subscriptions: 'premium belongs to the owner (a user), not to one store',
  free_tier_usage: 'free-tier counters of the owner (a user), across their stores',
  billing_invoices: 'invoices of the owner (a user)',
  billing_events: 'webhook events of the payment provider, deduplicated by their id',
  support_requests: 'a message from a user to support',
  kysely_migration: 'the migration log',
  kysely_migration_lock: 'the migration lock',
};

/**
 * Store tables created before this check whose primary key is still a lone random `id`: unique by
 * construction, but Citus wants `(store_id, id)`. Converting them (and the foreign keys that point
 * at them) is the one schema step left before distribution. The list is pinned: a new table may
 * not join it, and a table that gets `(store_id, id)` must leave it.
 */
const LONE_ID_PRIMARY_KEYS = [
  'products',
  'stock_movements',
  'shop_transactions',
  'shop_transaction_lines',
  'shop_refunds',
  'shop_refund_lines',
  'shop_tenders',
  'shifts',
  'shift_cash_moves',
];

interface TableShape {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Unique indexes and constraints other than the primary key; expression keys as their text. */
  uniques: { name: string; columns: string[] }[];
  /** Foreign keys: the referencing columns and the referenced table. */
  foreignKeys: { columns: string[]; table: string }[];
}

/** What keeps this schema from being distributed by store_id, one line per problem. */
export function shardKeyProblems(tables: TableShape[]): string[] {
  const problems: string[] = [];
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const table of tables) {
    if (table.name in GLOBAL_TABLES) continue;
    if (!table.columns.includes('store_id')) {
      problems.push(`${table.name}: no store_id column (add one, or list the table in GLOBAL_TABLES with a reason)`);
      continue;
    }
    const loneId = table.primaryKey.length === 1 && table.primaryKey[0] === 'id';
    if (!table.primaryKey.includes('store_id') && !(loneId && LONE_ID_PRIMARY_KEYS.includes(table.name))) {
      problems.push(`${table.name}: primary key (${table.primaryKey.join(', ')}) does not include store_id`);
    }
    for (const unique of table.uniques) {
      if (!unique.columns.includes('store_id')) {
        problems.push(
          `${table.name}: unique key ${unique.name} (${unique.columns.join(', ')}) does not include store_id`,
        );
      }
    }
    // Citus checks a foreign key between two store tables only within one shard: it must carry
    // store_id (keys to a lone-id table are part of that table's pinned step).
    for (const key of table.foreignKeys) {
      const exempt = key.table in GLOBAL_TABLES || LONE_ID_PRIMARY_KEYS.includes(key.table);
      if (!exempt && !key.columns.includes('store_id')) {
        problems.push(
          `${table.name}: foreign key (${key.columns.join(', ')}) to ${key.table} does not include store_id`,
        );
      }
    }
  }
  for (const name of LONE_ID_PRIMARY_KEYS) {
    const table = byName.get(name);
    if (!table || table.primaryKey.join() !== 'id') {
      problems.push(`${name}: no longer has a lone id primary key, take it off LONE_ID_PRIMARY_KEYS`);
    }
  }
  return problems;
}

async function sqliteTables(db: Db): Promise<TableShape[]> {
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
    const keys = await sql<{ id: number; table: string; from: string }>`
      select id, "table", "from" from pragma_foreign_key_list(${name}) order by id, seq`.execute(db);
    const foreignKeys = new Map<number, { columns: string[]; table: string }>();
    for (const key of keys.rows) {
      const known = foreignKeys.get(key.id) ?? { columns: [], table: key.table };
      known.columns.push(key.from);
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

async function postgresTables(db: Db): Promise<TableShape[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  // Key columns of every unique index (primary keys included), expression keys as their text.
  const indexes = await sql<{ table_name: string; index_name: string; is_primary: boolean; columns: string[] }>`
    select t.relname as table_name, i.relname as index_name, ix.indisprimary as is_primary,
      array(select pg_get_indexdef(ix.indexrelid, k, true) from generate_series(1, ix.indnkeyatts) as k order by k)
        as columns
    from pg_index ix
    join pg_class t on t.oid = ix.indrelid
    join pg_class i on i.oid = ix.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and ix.indisunique`.execute(db);
  const foreignKeys = await sql<{ table_name: string; ref_table: string; columns: string[] }>`
    select t.relname as table_name, r.relname as ref_table,
      array(select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.i) as columns
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
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
    tables.get(key.table_name)?.foreignKeys.push({ columns: key.columns, table: key.ref_table });
  }
  for (const index of indexes.rows) {
    const table = tables.get(index.table_name);
    if (!table) continue;
    if (index.is_primary) table.primaryKey = index.columns;
    else table.uniques.push({ name: index.index_name, columns: index.columns });
  }
  return [...tables.values()];
}

describe('the shard-key check itself', () => {
  it('finds a missing store_id, a unique or foreign key without it and a new lone-id primary key', () => {
    const problems = shardKeyProblems([
      { name: 'widgets', columns: ['id', 'code'], primaryKey: ['id'], uniques: [], foreignKeys: [] },
      {
        name: 'gadgets',
        columns: ['id', 'store_id', 'code'],
        primaryKey: ['id'],
        uniques: [{ name: 'gadgets_code_unique', columns: ['code'] }],
        foreignKeys: [{ columns: ['store_id'], table: 'stores' }],
      },
      {
        name: 'gadget_parts',
        columns: ['store_id', 'gadget_id', 'product_id'],
        primaryKey: ['store_id', 'gadget_id'],
        uniques: [],
        foreignKeys: [
          { columns: ['gadget_id'], table: 'gadgets' },
          { columns: ['store_id', 'gadget_id'], table: 'gadgets' },
          { columns: ['product_id'], table: 'products' },
        ],
      },
      {
        name: 'users',
        columns: ['id', 'email'],
        primaryKey: ['id'],
        uniques: [{ name: 'u', columns: ['email'] }],
        foreignKeys: [],
      },
      ...LONE_ID_PRIMARY_KEYS.map((name) => ({
        name,
        columns: ['id', 'store_id'],
        primaryKey: ['id'],
        uniques: [],
        foreignKeys: [],
      })),
    ]);
    expect(problems).toEqual([
      'widgets: no store_id column (add one, or list the table in GLOBAL_TABLES with a reason)',
      'gadgets: primary key (id) does not include store_id',
      'gadgets: unique key gadgets_code_unique (code) does not include store_id',
      'gadget_parts: foreign key (gadget_id) to gadgets does not include store_id',
    ]);
  });

  it('asks to shorten the pinned list once a table gets (store_id, id)', () => {
    const tables = LONE_ID_PRIMARY_KEYS.map((name) => ({
      name,
      columns: ['id', 'store_id'],
      primaryKey: name === 'products' ? ['store_id', 'id'] : ['id'],
      uniques: [],
      foreignKeys: [],
    }));
    expect(shardKeyProblems(tables)).toEqual([
      'products: no longer has a lone id primary key, take it off LONE_ID_PRIMARY_KEYS',
    ]);
  });
});

describe.each(engines)('the migrated schema on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  it('keys every store table by store_id, so it can be sharded by store', async () => {
    const tables = engine === 'sqlite' ? await sqliteTables(t.db) : await postgresTables(t.db);
    // The reading itself works: the store tables every install has are found with their keys.
    const products = tables.find((table) => table.name === 'products');
    expect(products?.columns).toContain('store_id');
    expect(products?.uniques.map((u) => u.columns)).toContainEqual(['store_id', 'code']);
    expect(tables.length).toBeGreaterThan(20);
    expect(shardKeyProblems(tables)).toEqual([]);
  });
});
