import { beforeAll, describe, expect, it } from 'vitest';
import { postgresTables, sqliteTables } from '../db/shard-catalog.ts';
import { tableKind } from '../db/shard-rules.ts';
import { createUser } from './factories.ts';
import { engines, useTestApp } from './harness.ts';
import { routeSamples } from './route-samples.ts';
import { recordStatements, storeFilterProblems } from './store-query-check.ts';
import { SWEEP_WORLD_ENV, buildSweepWorld, freshProduct, type SweepWorld } from './sweep-world.ts';

/**
 * Statements that touch a store table without naming its store, each with why that is right.
 * Matched against the compiled SQL; keep each pattern narrow.
 */
const EXCEPTIONS: { pattern: RegExp; why: string; engine?: 'sqlite' }[] = [
  {
    pattern:
      /^select count\(\*\) as "n" from "(products|cargos|shop_transactions)" inner join "stores" on "stores"."id" = "\1"."store_id" where "stores"."owner_id" = \$1( and "\1"."(status|business_date)" (!=|>=|<) \$\d+)*$/,
    why:
      'the free tier limits what an owner has across all their stores (modules/plans countProductsOfOwner, ' +
      'countCargosOfOwner, countCompletedSalesOfOwner): by design a count over every store of the owner, joined to ' +
      'the stores reference table, so Citus runs it on each node; it runs only to recount a free_tier_usage row ' +
      'that is missing or at its limit',
  },
  {
    pattern:
      /^select count\(\*\) as "n" from "store_invitations" inner join "stores" on "stores"."id" = "store_invitations"."store_id" where "stores"."owner_id" = \$1 and "store_invitations"."accepted_at" is null and "store_invitations"."expires_at" > \$2$/,
    why:
      'the free tier counts open invitations with members across the owner’s stores (modules/plans, the ' +
      'members limit), like the counts above: one statement per recount, joined to the stores reference table',
  },
  {
    pattern: /^select "seq" from "stat_products_pending" limit \$1$/,
    why:
      'SQLite only: the product report fold (modules/statistics statistics-fold.ts) looks once a second whether any ' +
      'store left product figures pending, then adds up every store’s in one transaction on the one writer (its ' +
      'statements run in the write worker, unrecorded here). PostgreSQL, and so Citus, writes no pending rows and ' +
      'never runs it',
    engine: 'sqlite',
  },
];

const STORE_TABLES = new Set(['products', 'stock_movements', 'shop_transaction_lines', 'shop_transactions']);

describe('the store filter check itself', () => {
  it('passes statements that name their store and reports those that do not', () => {
    expect(storeFilterProblems('select * from "products" where "store_id" = $1 and "code" = $2', STORE_TABLES)).toEqual(
      [],
    );
    expect(
      storeFilterProblems(
        'select "l".* from "shop_transaction_lines" as "l" inner join "shop_transactions" as "t" on "t"."store_id" = "l"."store_id" and "t"."id" = "l"."transaction_id" where "t"."store_id" = $1',
        STORE_TABLES,
      ),
    ).toEqual([]);
    expect(storeFilterProblems('insert into "products" ("id", "store_id") values ($1, $2)', STORE_TABLES)).toEqual([]);
    expect(storeFilterProblems('update "products" set "quantity" = $1 where "id" = $2', STORE_TABLES)).toEqual([
      'products: no store_id predicate in update "products" set "quantity" = $1 where "id" = $2',
    ]);
    expect(
      storeFilterProblems(
        'delete from "stock_movements" where "product_id" in (select "id" from "products" where "store_id" = $1)',
        STORE_TABLES,
      ),
    ).toEqual([expect.stringMatching(/^stock_movements: /)]);
    expect(storeFilterProblems('select * from "users" where "id" = $1', STORE_TABLES)).toEqual([]);
  });
});

/**
 * Every route of the API (route-samples.ts), called as the owner of the data it names, while every
 * statement the app runs is recorded: each one that touches a store table filters by store_id.
 * On SQLite the sale writes run in the write worker, outside the recorder; PostgreSQL sees them all.
 */
describe.each(engines)('store filters of the statements the API runs on %s', (engine) => {
  const statements: string[] = [];
  const t = useTestApp(engine, SWEEP_WORLD_ENV, { plugins: [recordStatements(statements)] });
  let w: SweepWorld;
  let storeTables: Set<string>;
  beforeAll(async () => {
    // What the app ran before it served (its migrations) is not a repo's statement.
    statements.length = 0;
    const tables = engine === 'sqlite' ? await sqliteTables(t.db) : await postgresTables(t.db);
    storeTables = new Set(tables.filter((table) => tableKind(table.name) === 'store').map((table) => table.name));
    w = await buildSweepWorld(t);
  });

  it('names the store in every statement on a store table', async () => {
    for (const [key, entry] of Object.entries(routeSamples)) {
      const [method, path] = key.split(' ') as [string, string];
      if (!path.startsWith('/api/')) continue;
      await freshProduct(w);
      const caller = entry.throwawayCaller ? await createUser(t) : w.owner;
      const req = entry.sample(w, caller);
      const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
      await t.request(method, req.path + query, {
        token: caller.token,
        body: req.body,
        raw: req.raw,
        headers: req.headers,
      });
    }
    const seen = new Set(statements.map((s) => s.replace(/\s+/g, ' ')));
    // The recorder saw the store tables at work (a check of nothing would pass too).
    for (const table of ['products', 'stock_movements', 'shop_transactions', 'shifts', 'cargos']) {
      expect(
        [...seen].some((s) => s.includes(`"${table}"`)),
        table,
      ).toBe(true);
    }
    const excepted = [...seen].filter((s) => EXCEPTIONS.some((e) => e.pattern.test(s)));
    const problems = [...seen].filter((s) => !excepted.includes(s)).flatMap((s) => storeFilterProblems(s, storeTables));
    expect(problems).toEqual([]);
    // Each exception still names a statement the app runs, and one the check would report.
    for (const exception of EXCEPTIONS.filter((e) => (e.engine ?? engine) === engine)) {
      const matched = excepted.filter((s) => exception.pattern.test(s));
      expect(matched.length, exception.why).toBeGreaterThan(0);
      for (const s of matched) expect(storeFilterProblems(s, storeTables)).not.toEqual([]);
    }
  }, 300_000);
});
