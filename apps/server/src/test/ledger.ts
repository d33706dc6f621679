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
 * used points has exactly one EARN (or REDEEM) entry of that amount.
 */
export async function expectPointsConsistent(t: TestApp, storeId?: string): Promise<void> {
  let customers = t.db.selectFrom('customers').select(['store_id', 'id', 'points_balance']);
  if (storeId) customers = customers.where('store_id', '=', storeId);
  const entries = await t.db
    .selectFrom('loyalty_entries')
    .select(['store_id', 'customer_id', 'kind', 'points', 'sale_id'])
    .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
    .execute();
  const sums = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.store_id}/${e.customer_id}`;
    sums.set(key, (sums.get(key) ?? 0) + Number(e.points));
  }
  const mismatched = (await customers.execute()).filter(
    (c) => Number(c.points_balance) !== (sums.get(`${c.store_id}/${c.id}`) ?? 0),
  );
  expect(mismatched).toEqual([]);
  const sales = await t.db
    .selectFrom('shop_transactions')
    .select(['store_id', 'id', 'points_earned', 'points_redeemed'])
    .where('status', '!=', 'PARKED')
    .where('customer_id', 'is not', null)
    .$if(storeId !== undefined, (qb) => qb.where('store_id', '=', storeId!))
    .execute();
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
