import { randomUUID } from 'node:crypto';
import { sql, type Migration } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories.ts';
import { engines, useTestApp, type Engine, type TestApp } from '../test/harness.ts';
import { expectLedgerConsistent } from '../test/ledger.ts';
import { createProduct } from '../test/products.ts';
import { knownMigrations, migrateTo } from './migrate.ts';

const MIGRATION = '202611271400-store-keyed-primary-keys';

/** The tables 202611271400-store-keyed-primary-keys.ts rebuilds (SQLite) or re-keys (PostgreSQL). */
const TABLES = [
  'products',
  'stock_movements',
  'shop_transactions',
  'shop_transaction_lines',
  'shop_refunds',
  'shop_refund_lines',
  'shop_tenders',
  'shifts',
  'shift_cash',
  'shift_cash_moves',
] as const;

type Counts = Record<(typeof TABLES)[number], number>;

async function counts(t: TestApp): Promise<Counts> {
  const result = {} as Counts;
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.id(table)}`.execute(t.db);
    result[table] = Number(rows[0]?.n);
  }
  return result;
}

/** The primary key columns of `table`, in key order. */
async function primaryKey(t: TestApp, engine: Engine, table: string): Promise<string[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_info(${table}) where pk > 0 order by pk`.execute(t.db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_index ix
    join unnest(ix.indkey) with ordinality as k(attnum, i) on true
    join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.attnum
    where ix.indrelid = to_regclass(${table}) and ix.indisprimary order by k.i`.execute(t.db);
  return rows.map((r) => r.name);
}

/**
 * The migration keeps every row: a store with products, stock movements, sales with lines and
 * tenders, a refund, and a shift with pay-ins and pay-outs, some of it written while the database
 * was back on the old keys, is migrated; every re-keyed table has the same rows after, and the
 * stock ledger still adds up. Run down then up on the app's own database, since the app migrates
 * itself to the newest schema when it starts.
 */
describe.each(engines)('re-keying store tables by (store_id, id) on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  const schema = () => t.databaseEnv.DATABASE_SCHEMA || undefined;
  const call = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await t.request(method, path, { token: u.token, body });
    expect(res.status, res.text).toBe(status);
    return res.body;
  };
  const sell = (code: string, quantity: number, method = 'CASH', amount = 100_000) =>
    call(
      'POST',
      '/api/secure/shop/transaction',
      {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [
          { code, quantity },
          { name: 'Gift wrap', unitPrice: 100, quantity: 1 },
        ],
        payments: [{ method, currency: 'USD', amount }],
      },
      201,
    );

  /** What a store does in a day: stock in and out, sales, a refund, a shift with cash moves. */
  async function trade(label: string): Promise<string> {
    const tea = await createProduct(t, u, { quantity: 40, price: 450 });
    const cake = await createProduct(t, u, { quantity: 12, price: 300 });
    await call('POST', `/api/secure/product/code/${tea.code}/adjust`, { delta: -2, note: `${label} broken` });
    const shift = await call('POST', '/api/secure/shop/shift', { float: [{ currency: 'USD', amount: 5000 }] }, 201);
    await call(
      'POST',
      `/api/secure/shop/shift/${shift.id}/cash-move`,
      {
        clientId: randomUUID(),
        kind: 'PAY_IN',
        currency: 'USD',
        amount: 2000,
        reason: `${label} change from the bank`,
      },
      201,
    );
    const first = await sell(tea.code, 3);
    await sell(cake.code, 2, 'CARD', 2 * 300 + 100);
    await call('POST', `/api/secure/shop/transaction/${first.code}/refund`, { clientId: randomUUID() }, 201);
    await call('POST', `/api/secure/shop/shift/${shift.id}/close`, {
      counts: [
        { currency: 'USD', denominations: [] },
        { currency: 'JPY', denominations: [] },
      ],
    });
    return shift.id as string;
  }

  beforeAll(async () => {
    u = await createUser(t);
    await call('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
      taxMode: 'NONE',
      defaultTaxRate: 0,
      cashRounding: 0,
      shiftsEnabled: true,
    });
  });

  it('keeps every row and the stock ledger through the migration, down and up', async () => {
    const migrations = await knownMigrations();
    const before = migrations[migrations.indexOf(MIGRATION) - 1] as string;
    expect(before).toBeDefined();
    // Today's app writes what later migrations add (a sale's tax calculation, say): on the old keys
    // those are added by the later migrations' own up, and taken off by their down before this
    // migration runs, so it runs on exactly the schema before it.
    const later = migrations.slice(migrations.indexOf(MIGRATION) + 1);
    const runLater = async (direction: 'up' | 'down') => {
      for (const name of direction === 'up' ? later : [...later].reverse()) {
        const migration = (await import(`./migrations/${name}.ts`)) as Migration;
        await (direction === 'up' ? migration.up(t.db) : migration.down?.(t.db));
      }
    };
    await trade('new keys');

    // Back to the keys before this migration, with the rows the app wrote under the new ones.
    const written = await counts(t);
    await migrateTo(t.db, before, schema());
    expect(await counts(t)).toEqual(written);
    expect(await primaryKey(t, engine, 'products')).toEqual(['id']);
    await expectLedgerConsistent(t);

    // The app keeps working on the old keys: more rows written there, then migrated.
    await runLater('up');
    await trade('old keys');
    const old = await counts(t);
    for (const table of TABLES) expect(old[table], table).toBeGreaterThan(written[table]);
    await runLater('down');
    await migrateTo(t.db, MIGRATION, schema());
    expect(await counts(t)).toEqual(old);
    for (const table of TABLES.filter((name) => name !== 'shift_cash')) {
      expect(await primaryKey(t, engine, table), table).toEqual(['store_id', 'id']);
    }
    await expectLedgerConsistent(t);

    // And it works on the new keys (with what later migrations add, as the app starts with them);
    // the database's own closed-shift lock finds the shift by store.
    await migrateTo(t.db, migrations.at(-1) as string, schema());
    const closed = await trade('after');
    const late = t.db
      .insertInto('shift_cash_moves')
      .values({
        id: randomUUID(),
        store_id: u.store.id,
        shift_id: closed,
        client_id: randomUUID(),
        kind: 'PAY_OUT',
        currency: 'USD',
        amount: 100,
        reason: 'late',
        user_id: u.user.userId,
        created_at: new Date().toISOString(),
      })
      .execute();
    await expect(late).rejects.toThrow(/closed shift is locked/);
    await expectLedgerConsistent(t);
  });
});
