import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildSqliteTables, replaceOnce } from '../sqlite-table-rebuild.ts';

/**
 * The nine store tables made before the shard-key rule (db/shard-keys.test.ts) get the primary key
 * `(store_id, id)` instead of a lone `id`, and every foreign key between store tables that pointed
 * at one of them carries `store_id` on both sides, as Citus needs for tables distributed by
 * `store_id` (a key is checked within one store's shard). Ids stay random and unique; no row
 * changes. The foreign keys keep their action (all were NO ACTION; PostgreSQL copies whatever a key
 * had).
 *
 * The closed-shift trigger on pay-ins and pay-outs finds its shift by store too: by `id` alone it
 * would look in every shard.
 *
 * PostgreSQL changes the constraints in place; SQLite rebuilds the ten tables (sqlite-table-rebuild.ts).
 */
const LONE_ID_TABLES = [
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

/** Foreign keys between store tables that pointed at a lone `id`: (table, column) → parent. */
const KEYS = [
  { table: 'stock_movements', column: 'product_id', parent: 'products' },
  { table: 'shop_transaction_lines', column: 'transaction_id', parent: 'shop_transactions' },
  { table: 'shop_refunds', column: 'transaction_id', parent: 'shop_transactions' },
  { table: 'shop_refund_lines', column: 'refund_id', parent: 'shop_refunds' },
  { table: 'shop_tenders', column: 'transaction_id', parent: 'shop_transactions' },
  { table: 'shift_cash', column: 'shift_id', parent: 'shifts' },
  { table: 'shift_cash_moves', column: 'shift_id', parent: 'shifts' },
];

const REBUILT = [...LONE_ID_TABLES, 'shift_cash'];

const MOVE_LOCK_BY_ID = 'SELECT status FROM shifts WHERE id = NEW.shift_id';
const MOVE_LOCK_BY_STORE = 'SELECT status FROM shifts WHERE store_id = NEW.store_id AND id = NEW.shift_id';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return postgresUp(db);
  await rebuildSqliteTables(
    db,
    REBUILT.map((table) => ({ table, edit: (text) => sqliteEdit(table, text, 'up') })),
    (name, text) =>
      name === 'shift_cash_moves_closed_locked' ? replaceOnce(text, MOVE_LOCK_BY_ID, MOVE_LOCK_BY_STORE) : text,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return postgresDown(db);
  await rebuildSqliteTables(
    db,
    REBUILT.map((table) => ({ table, edit: (text) => sqliteEdit(table, text, 'down') })),
    (name, text) =>
      name === 'shift_cash_moves_closed_locked' ? replaceOnce(text, MOVE_LOCK_BY_STORE, MOVE_LOCK_BY_ID) : text,
  );
}

/** The table's `CREATE TABLE` text with its keys changed one way or the other, exactly. */
function sqliteEdit(table: string, text: string, direction: 'up' | 'down'): string {
  const pairs: [string, string][] = [];
  const added: string[] = [];
  if (LONE_ID_TABLES.includes(table)) {
    pairs.push(['"id" text primary key', '"id" text not null']);
    added.push(`, constraint "${table}_pkey" primary key ("store_id", "id")`);
  }
  for (const key of KEYS.filter((k) => k.table === table)) {
    pairs.push([`"${key.column}" text not null references "${key.parent}" ("id")`, `"${key.column}" text not null`]);
    added.push(
      `, constraint "${table}_${key.column}_fkey" foreign key ("store_id", "${key.column}") references "${key.parent}" ("store_id", "id")`,
    );
  }
  let edited = text;
  if (direction === 'up') {
    for (const [before, after] of pairs) edited = replaceOnce(edited, before, after);
    if (!edited.endsWith(')')) throw new Error(`table rebuild: ${table} does not end its columns as expected`);
    return `${edited.slice(0, -1)}${added.join('')})`;
  }
  for (const constraint of added) edited = replaceOnce(edited, constraint, '');
  for (const [before, after] of pairs) edited = replaceOnce(edited, after, before);
  return edited;
}

/** `ON DELETE` / `ON UPDATE` of pg_constraint's action code (confdeltype, confupdtype). */
const ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

interface Constraint {
  name: string;
  on_delete: string;
  on_update: string;
}

async function constraintOf(db: Kysely<unknown>, table: string, type: 'p' | 'f', parent?: string) {
  const { rows } = await sql<Constraint>`
    select c.conname as name, c.confdeltype as on_delete, c.confupdtype as on_update
    from pg_constraint c
    where c.conrelid = to_regclass(${table}) and c.contype = ${type}
      and (${parent ?? null}::text is null or c.confrelid = to_regclass(${parent ?? null}::text))`.execute(db);
  if (rows.length !== 1) throw new Error(`expected one ${type === 'p' ? 'primary' : 'foreign'} key on ${table}`);
  return rows[0] as Constraint;
}

/**
 * A key whose action sets the column (SET NULL / SET DEFAULT) names only that column, so a parent's
 * delete never clears the row's store_id (PostgreSQL 15's column list).
 */
function actions(key: { column: string }, constraint: Constraint): string {
  const clause = (event: string, code: string, columns: boolean) => {
    const action = ACTIONS[code] ?? 'NO ACTION';
    if (action === 'NO ACTION') return '';
    return ` ON ${event} ${action}${columns && action.startsWith('SET') ? ` (${key.column})` : ''}`;
  };
  return clause('DELETE', constraint.on_delete, true) + clause('UPDATE', constraint.on_update, false);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  const kept = new Map<string, string>();
  for (const key of KEYS) {
    const existing = await constraintOf(db, key.table, 'f', key.parent);
    kept.set(`${key.table}.${key.column}`, actions(key, existing));
    await sql`ALTER TABLE ${sql.id(key.table)} DROP CONSTRAINT ${sql.id(existing.name)}`.execute(db);
  }
  for (const table of LONE_ID_TABLES) {
    const existing = await constraintOf(db, table, 'p');
    await sql`ALTER TABLE ${sql.id(table)} DROP CONSTRAINT ${sql.id(existing.name)}`.execute(db);
    await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(`${table}_pkey`)} PRIMARY KEY (store_id, id)`.execute(
      db,
    );
  }
  for (const key of KEYS) {
    await sql`ALTER TABLE ${sql.id(key.table)} ADD CONSTRAINT ${sql.id(`${key.table}_${key.column}_fkey`)}
      FOREIGN KEY (store_id, ${sql.id(key.column)}) REFERENCES ${sql.id(key.parent)} (store_id, id)${sql.raw(
        kept.get(`${key.table}.${key.column}`) ?? '',
      )}`.execute(db);
  }
  await moveLock(db, MOVE_LOCK_BY_STORE);
}

async function postgresDown(db: Kysely<unknown>): Promise<void> {
  for (const key of KEYS) {
    await sql`ALTER TABLE ${sql.id(key.table)} DROP CONSTRAINT ${sql.id(`${key.table}_${key.column}_fkey`)}`.execute(
      db,
    );
  }
  for (const table of LONE_ID_TABLES) {
    await sql`ALTER TABLE ${sql.id(table)} DROP CONSTRAINT ${sql.id(`${table}_pkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(`${table}_pkey`)} PRIMARY KEY (id)`.execute(db);
  }
  for (const key of KEYS) {
    await sql`ALTER TABLE ${sql.id(key.table)} ADD CONSTRAINT ${sql.id(`${key.table}_${key.column}_fkey`)}
      FOREIGN KEY (${sql.id(key.column)}) REFERENCES ${sql.id(key.parent)} (id)`.execute(db);
  }
  await moveLock(db, MOVE_LOCK_BY_ID);
}

/** The trigger function of 202601100600-shift-locks.ts, finding the shift as `lookup` says. */
async function moveLock(db: Kysely<unknown>, lookup: string): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION shift_move_locked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (${sql.raw(lookup)}) = 'CLOSED' THEN
          RAISE EXCEPTION 'a closed shift is locked' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$`.execute(db);
}
