import { PostgresAdapter } from 'kysely';
import { expect } from 'vitest';
import { ledgerProblems } from '../modules/stock/index.ts';
import type { TestApp } from './harness.ts';

/**
 * The stock ledger invariant (product.md §5): every product's quantity equals the sum of its
 * movements, and no movement points at a missing product or another store's product. Call it after
 * every scenario that moves stock; `storeId` narrows it to one store.
 */
export async function expectLedgerConsistent(t: TestApp, storeId?: string): Promise<void> {
  const { mismatched, orphans } = await ledgerProblems(t.db, storeId);
  expect(mismatched).toEqual([]);
  expect(orphans).toEqual([]);
}

/**
 * The points ledger invariant (product.md §5 "Customers and points"): every customer's balance
 * equals the sum of their loyalty entries, and every completed sale with a customer that earned or
 * used points has exactly one EARN (or REDEEM) entry of that amount. Read in one snapshot (a
 * PostgreSQL backend may still commit a sale of a killed server between two reads).
 */
export async function expectPointsConsistent(t: TestApp, storeId?: string): Promise<void> {
  const postgres = t.db.getExecutor().adapter instanceof PostgresAdapter;
  const read = postgres ? t.db.transaction().setIsolationLevel('repeatable read') : t.db.transaction();
  const { customers, entries, sales } = await read.execute(async (trx) => ({
    customers: await trx
      .selectFrom('customers')
      .select(['store_id', 'id', 'points_balance'])
      .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
      .execute(),
    entries: await trx
      .selectFrom('loyalty_entries')
      .select(['store_id', 'customer_id', 'kind', 'points', 'sale_id'])
      .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
      .execute(),
    sales: await trx
      .selectFrom('shop_transactions')
      .select(['store_id', 'id', 'points_earned', 'points_redeemed'])
      .where('status', '!=', 'PARKED')
      .where('customer_id', 'is not', null)
      .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
      .execute(),
  }));
  const sums = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.store_id}/${e.customer_id}`;
    sums.set(key, (sums.get(key) ?? 0) + Number(e.points));
  }
  const mismatched = customers.filter((c) => Number(c.points_balance) !== (sums.get(`${c.store_id}/${c.id}`) ?? 0));
  expect(mismatched).toEqual([]);
  const wrong = sales.flatMap((s) => {
    const of = (kind: string) => entries.filter((e) => e.sale_id === s.id && e.kind === kind);
    const earn = of('EARN');
    const redeem = of('REDEEM');
    const earned = Number(s.points_earned ?? 0);
    const redeemed = Number(s.points_redeemed ?? 0);
    const ok =
      earn.length === (earned > 0 ? 1 : 0) &&
      earn.every((e) => Number(e.points) === earned) &&
      redeem.length === (redeemed > 0 ? 1 : 0) &&
      redeem.every((e) => Number(e.points) === -redeemed);
    return ok ? [] : [{ sale: s.id, earned, redeemed, earn: earn.length, redeem: redeem.length }];
  });
  expect(wrong).toEqual([]);
}

/**
 * The stored-value ledger's invariants (product.md §5), from one snapshot: every account's balance
 * is the sum of its entries and never below zero; the entries' balances after form one chain from
 * zero to it; every STORED_VALUE tender of a sale has its REDEEM entry of the same amount and every
 * REDEEM entry its tender (no spend without its sale, no sale without its spend).
 */
export async function expectStoredValueConsistent(t: TestApp, storeId?: string): Promise<void> {
  const postgres = t.db.getExecutor().adapter instanceof PostgresAdapter;
  const read = postgres ? t.db.transaction().setIsolationLevel('repeatable read') : t.db.transaction();
  const { accounts, entries, tenders } = await read.execute(async (trx) => ({
    accounts: await trx
      .selectFrom('stored_value_accounts')
      .select(['store_id', 'id', 'code', 'balance'])
      .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
      .execute(),
    entries: await trx
      .selectFrom('stored_value_entries')
      .select(['store_id', 'id', 'account_id', 'kind', 'amount', 'balance_after', 'sale_id'])
      .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
      .execute(),
    tenders: await trx
      .selectFrom('shop_tenders')
      .select(['store_id', 'transaction_id', 'card_code', 'applied'])
      .where('method', '=', 'STORED_VALUE')
      .where('refund_id', 'is', null)
      .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
      .execute(),
  }));
  // Entries' ids are made before their write, so concurrent writes commit out of id order: the
  // chain of balances is checked without an order. For a chain 0 → a1 → … → an, the balances
  // before the entries with the final balance are the balances after with zero.
  const byAccount = new Map<string, { befores: number[]; afters: number[]; sum: number }>();
  for (const e of entries) {
    const key = `${e.store_id}/${e.account_id}`;
    const chain = byAccount.get(key) ?? { befores: [], afters: [], sum: 0 };
    chain.befores.push(Number(e.balance_after) - Number(e.amount));
    chain.afters.push(Number(e.balance_after));
    chain.sum += Number(e.amount);
    byAccount.set(key, chain);
  }
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const broken = [...byAccount.entries()].flatMap(([key, c]) =>
    JSON.stringify(sorted([...c.befores, c.sum])) === JSON.stringify(sorted([...c.afters, 0])) &&
    c.afters.every((a) => a >= 0)
      ? []
      : [key],
  );
  expect(broken).toEqual([]);
  const mismatched = accounts.filter(
    (a) => Number(a.balance) !== (byAccount.get(`${a.store_id}/${a.id}`)?.sum ?? 0) || Number(a.balance) < 0,
  );
  expect(mismatched).toEqual([]);
  const codeOf = new Map(accounts.map((a) => [`${a.store_id}/${a.id}`, a.code]));
  const spends = (list: { store_id: string; sale: string | null; code: string | null; amount: number }[]) =>
    list.map((s) => `${s.store_id}/${s.sale}/${s.code}/${s.amount}`).sort();
  expect(
    spends(
      entries
        .filter((e) => e.kind === 'REDEEM')
        .map((e) => ({
          store_id: e.store_id,
          sale: e.sale_id,
          code: codeOf.get(`${e.store_id}/${e.account_id}`) ?? null,
          amount: -Number(e.amount),
        })),
    ),
  ).toEqual(
    spends(
      tenders.map((t) => ({
        store_id: t.store_id,
        sale: t.transaction_id,
        code: t.card_code ?? null,
        amount: Number(t.applied),
      })),
    ),
  );
}
