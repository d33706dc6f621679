import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/** 1 for a row another member approved (their PIN on the till), 0 otherwise; summed per member. */
const approvedByAnother = sql<number>`case when approved_by is not null and approved_by <> user_id then 1 else 0 end`;

/** 1 for a sale that redeemed points, 0 otherwise (null on sales without a customer). */
const redeemedPoints = sql<number>`case when points_redeemed > 0 then 1 else 0 end`;

/**
 * Sales (not parked) and refunds of the store's business dates [from, to] per user who made them,
 * with how many of them someone else approved; and per approver, how many sales and refunds of
 * others they approved (one row per table, the service adds them up).
 */
export async function staffTotals(db: DbOrTx, storeId: string, from: string, to: string) {
  const sales = db
    .selectFrom('shop_transactions')
    .where('store_id', '=', storeId)
    .where('status', '!=', 'PARKED')
    .where('business_date', '>=', from)
    .where('business_date', '<=', to);
  const refunds = db
    .selectFrom('shop_refunds')
    .where('store_id', '=', storeId)
    .where('business_date', '>=', from)
    .where('business_date', '<=', to);
  const [sold, refunded, approvedSales, approvedRefunds] = await Promise.all([
    sales
      .select((eb) => [
        'user_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('total').as('total'),
        eb.fn.sum<number>(sql`line_discounts + cart_discount`).as('discounts'),
        eb.fn.sum<number>(approvedByAnother).as('approved'),
        eb.fn.sum<number>(redeemedPoints).as('redemptions'),
        eb.fn.sum<number>(sql`coalesce(points_redeemed, 0)`).as('points_redeemed'),
        eb.fn.sum<number>(sql`coalesce(points_discount, 0)`).as('points_discount'),
      ])
      .groupBy('user_id')
      .execute(),
    refunds
      .select((eb) => [
        'user_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('amount').as('total'),
        eb.fn.sum<number>(approvedByAnother).as('approved'),
      ])
      .groupBy('user_id')
      .execute(),
    sales
      .select((eb) => ['approved_by', eb.fn.countAll<number>().as('n')])
      .where('approved_by', 'is not', null)
      .whereRef('approved_by', '<>', 'user_id')
      .groupBy('approved_by')
      .execute(),
    refunds
      .select((eb) => ['approved_by', eb.fn.countAll<number>().as('n')])
      .where('approved_by', 'is not', null)
      .whereRef('approved_by', '<>', 'user_id')
      .groupBy('approved_by')
      .execute(),
  ]);
  return { sales: sold, refunds: refunded, approvals: [...approvedSales, ...approvedRefunds] };
}

export async function names(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]));
}
