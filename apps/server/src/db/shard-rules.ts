/**
 * Sharding by store (ARCHITECTURE.md, "Growing past one machine"; convention 5): the rules Citus
 * applies to a schema whose store tables are distributed by `store_id`, checked on the schema a
 * migration made (shard-keys.test.ts reads it from each engine's catalog, shard-catalog.ts), and the
 * Citus commands that distribute it (docs/citus-distribution.sql, generated from the same reading).
 *
 * Every table is a store table (distributed by store_id) unless listed in GLOBAL_TABLES with why.
 * A global table is either a reference table (REFERENCE_TABLES: copied to every node, because store
 * tables point at it or join it) or stays a local table on the coordinator (looked up before any
 * store is known, or owned by a user rather than a store).
 */
export const GLOBAL_TABLES: Record<string, string> = {
  users: 'accounts, above stores',
  sessions: 'a login of a user, not of a store',
  email_confirmations: 'sign-up confirmation of a user',
  password_resets: 'password reset of a user',
  auth_throttles: 'rate-limit counters keyed by address, email or user',
  exchange_rates: 'reference rates shared by every store',
  stores: 'the tenant directory: its id is the store id, and url_name must be unique across stores',
  store_members:
    'who may act on which store: read with the session before the store is known (by url name), and by user for the store picker',
  receipt_codes:
    'the public code -> store lookup (convention 5): a receipt code is unique across stores and routes to its store',
  cargo_codes:
    'the cargo code -> store lookup, like receipt_codes: a cargo code is unique across stores (product.md §5)',
  cargo_qr_tokens:
    'the QR hand-over token -> cargo lookup: a receiver in another store redeems it knowing only the token',
  display_tokens:
    'the display token -> pairing lookup: a customer display knows only its token (no store), like receipt_codes',
  billing_subscriptions: 'premium belongs to the owner (a user), not to one store',
  free_tier_usage: 'free-tier counters of the owner (a user), across their stores',
  billing_invoices: 'invoices of the owner (a user)',
  billing_events: 'webhook events of the payment provider, deduplicated by their id',
  support_requests: 'a message from a user to support',
  kysely_migration: 'the migration log',
  kysely_migration_lock: 'the migration lock',
};

/**
 * The global tables that become Citus reference tables (a copy on every node), in the order they
 * are created: a distributed table may point only at a reference table, never at a local one.
 * The other global tables stay local tables on the coordinator: only the coordinator reads them
 * (sign-in, billing, the code -> store lookups that run before the store is known).
 */
export const REFERENCE_TABLES: Record<string, string> = {
  users: 'files.owner_id and stores.owner_id point at it',
  stores: 'every store table points at it (store_id)',
  store_members: 'read with every store-scoped call (access), joined to stores by the router before the store is known',
  exchange_rates: 'shared by every store: read when a store converts its second currency',
};

export interface TableShape {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Unique indexes and constraints other than the primary key; expression keys as their text. */
  uniques: { name: string; columns: string[] }[];
  /**
   * Foreign keys: the referencing columns, the referenced table and its columns (in pairs), and
   * the actions other than NO ACTION (`ON DELETE SET NULL`, ...).
   */
  foreignKeys: { columns: string[]; table: string; refColumns: string[]; actions?: string[] }[];
}

type Kind = 'store' | 'reference' | 'local';

export function tableKind(name: string): Kind {
  if (name in REFERENCE_TABLES) return 'reference';
  return name in GLOBAL_TABLES ? 'local' : 'store';
}

/** The store_id pair of a foreign key: both sides carry store_id, matched to each other. */
function coLocated(key: TableShape['foreignKeys'][number]): boolean {
  const at = key.columns.indexOf('store_id');
  return at >= 0 && key.refColumns[at] === 'store_id';
}

/** What keeps this schema from being distributed by store_id, one line per problem. */
export function shardKeyProblems(tables: TableShape[]): string[] {
  const problems: string[] = [];
  for (const table of tables) {
    const kind = tableKind(table.name);
    for (const key of table.foreignKeys) {
      const target = tableKind(key.table);
      const keyText = `foreign key (${key.columns.join(', ')}) to ${key.table}`;
      if (kind !== 'store' && target === 'store') {
        problems.push(`${table.name}: ${keyText}, a store table: a ${kind} table cannot point at a distributed one`);
      } else if (kind === 'store' && target === 'local') {
        problems.push(`${table.name}: ${keyText}, a local table: make it a reference table or drop the key`);
      } else if (kind === 'reference' && target === 'local') {
        problems.push(`${table.name}: ${keyText}, a local table: a reference table may point only at reference tables`);
      } else if (kind === 'store' && target === 'store' && !coLocated(key)) {
        problems.push(
          `${table.name}: ${keyText} (${key.refColumns.join(', ')}) does not pair store_id with store_id (not co-located)`,
        );
      } else if (kind === 'store' && key.columns.includes('store_id')) {
        // Citus refuses a key on the distribution column that would set it or cascade a change of it.
        for (const action of key.actions ?? []) {
          if (/^ON DELETE SET |^ON UPDATE (SET |CASCADE)/.test(action)) {
            problems.push(`${table.name}: ${keyText} has ${action}, which Citus refuses on store_id`);
          }
        }
      }
    }
    if (kind !== 'store') continue;
    if (!table.columns.includes('store_id')) {
      problems.push(`${table.name}: no store_id column (add one, or list the table in GLOBAL_TABLES with a reason)`);
      continue;
    }
    if (!table.primaryKey.includes('store_id')) {
      problems.push(`${table.name}: primary key (${table.primaryKey.join(', ')}) does not include store_id`);
    }
    for (const unique of table.uniques) {
      if (!unique.columns.includes('store_id')) {
        problems.push(
          `${table.name}: unique key ${unique.name} (${unique.columns.join(', ')}) does not include store_id`,
        );
      }
    }
  }
  return problems;
}

/** `tables` ordered so each comes after the tables it points at (by name among equals). */
function parentsFirst(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TableShape[] = [];
  const visit = (table: TableShape, path: Set<string>) => {
    if (done.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    const parents = [...new Set(table.foreignKeys.map((k) => k.table))].sort();
    for (const parent of parents) {
      const shape = byName.get(parent);
      if (shape) visit(shape, path);
    }
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, new Set());
  return ordered;
}

/**
 * The Citus commands that distribute this schema: reference tables first (a distributed table's
 * foreign keys need their targets distributed already), then every store table by store_id in
 * one co-location group, each after the store tables it points at. Throws on a schema with problems.
 */
export function citusDistributionSql(tables: TableShape[]): string {
  const problems = shardKeyProblems(tables);
  if (problems.length > 0) throw new Error(`not distributable:\n${problems.join('\n')}`);
  const ordered = parentsFirst(tables);
  const reference = ordered.filter((t) => tableKind(t.name) === 'reference');
  const stores = ordered.filter((t) => tableKind(t.name) === 'store');
  const local = ordered.filter((t) => tableKind(t.name) === 'local').map((t) => t.name);
  const first = stores[0]?.name;
  const lines = [
    '-- Generated from the migrated schema by citusDistributionSql (apps/server/src/db/shard-rules.ts);',
    '-- shard-keys.test.ts fails when this file and the schema disagree. Run on the Citus coordinator,',
    '-- after the migrations, with the coordinator in the metadata (citus_set_coordinator_host).',
    '',
    '-- Reference tables: a copy on every node.',
    ...reference.map((t) => `SELECT create_reference_table('${t.name}'); -- ${REFERENCE_TABLES[t.name]}`),
    '',
    '-- Store tables, distributed by store_id and co-located: one store’s rows are on one node.',
    ...stores.map((t) =>
      t.name === first
        ? `SELECT create_distributed_table('${t.name}', 'store_id');`
        : `SELECT create_distributed_table('${t.name}', 'store_id', colocate_with => '${first}');`,
    ),
    '',
    '-- Local tables, kept on the coordinator (their keys to reference tables make Citus add them to',
    '-- its metadata, citus.enable_local_reference_table_foreign_keys):',
    ...local.map((name) => `--   ${name}: ${GLOBAL_TABLES[name]}`),
    '',
  ];
  return lines.join('\n');
}
