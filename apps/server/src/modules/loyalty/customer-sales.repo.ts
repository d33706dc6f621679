import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { insertShaped, runShaped } from '../../db/shaped-query.ts';
import type { LoyaltyEntriesTable } from '../../db/types.ts';

/**
 * The sale's and the refund's writes to a customer (product.md §5 "Customers and points"): the
 * points ledger and the balance, visits, total spent and last visit it keeps, in the caller's
 * transaction (sale-write.ts, refund-write.ts; on PostgreSQL the sale function repeats the sale's
 * part in SQL: store-sale.pg.ts step 7). The balance is always the sum of the customer's entries.
 */

/** What a completed sale with a customer writes (shop's sale-loyalty.ts builds it). */
export interface CustomerSaleWrite {
  customerId: string;
  earned: number;
  redeemed: number;
  /** earned − redeemed: what the balance changes by. */
  delta: number;
  /** What the sale adds to the customer's total spent. */
  total: number;
  /** The sale's time: the last visit unless a later one is known. */
  at: string;
  now: string;
  /** True for an online sale: redeeming past the balance refuses the sale. */
  guard: boolean;
  /**
   * The balance after the sale as read before it (the header is inserted with it): the header is
   * written again only when another write changed the balance meanwhile.
   */
  expectedBalance: number;
  /** EARN and REDEEM rows (those above zero). */
  entries: LoyaltyEntriesTable[];
}

/**
 * A customer a sale may name (one of the store's, not anonymised), for `ctx.readFirst`: one SQL
 * text, compiled once and prepared, since every sale with a customer reads it on the request's thread.
 */
export function customerForSaleQuery(db: Db, storeId: string, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'code', 'name', 'points_balance'])
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
}

/** A customer a sale may name: one of the store's, not anonymised. */
export async function findCustomerForSale(db: DbOrTx, storeId: string, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'code', 'name', 'points_balance'])
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The sale's points and visit on its customer, after the sale's header was claimed. `over` when an
 * online sale redeems more than the balance (the caller refuses the sale, undoing it all); `gone`
 * when the customer was anonymised meanwhile (the sale is kept, unlinked); else the balance after,
 * recorded on the sale with `points_overdrawn` when an offline sale used points the balance did not
 * hold.
 */
export async function applyCustomerSale(
  trx: DbOrTx,
  storeId: string,
  saleId: string,
  write: CustomerSaleWrite,
): Promise<{ outcome: 'over' | 'gone' } | { outcome: 'applied'; balance: number }> {
  const guarded = write.guard && write.redeemed > 0;
  // Kept compiled per shape (shaped-query.ts): this runs in every sale with a customer, in the writer.
  const values = [write.delta, 1, write.total, write.at, write.at, write.now, storeId, write.customerId];
  const { rows } = await runShaped(
    trx,
    `customer-sale:${guarded}`,
    guarded ? [...values, write.redeemed] : values,
    () =>
      trx
        .updateTable('customers')
        .set((eb) => ({
          points_balance: eb('points_balance', '+', write.delta),
          visits: eb('visits', '+', 1),
          total_spent: eb('total_spent', '+', write.total),
          last_visit_at: sql<string>`case when last_visit_at is null or last_visit_at < ${write.at} then ${write.at} else last_visit_at end`,
          updated_at: write.now,
        }))
        .where('store_id', '=', storeId)
        .where('id', '=', write.customerId)
        .where('deleted_at', 'is', null)
        // Only a redemption is held to the balance: a customer overdrawn offline still buys (and earns).
        .$if(guarded, (qb) => qb.where('points_balance', '>=', write.redeemed))
        .returning('points_balance'),
  );
  const row = rows[0];
  if (!row) {
    if (guarded && (await findCustomerForSale(trx, storeId, write.customerId))) return { outcome: 'over' };
    await trx
      .updateTable('shop_transactions')
      .set({
        customer_id: null,
        customer_code: null,
        customer_name: null,
        points_earned: null,
        points_redeemed: null,
        points_balance: null,
      })
      .where('store_id', '=', storeId)
      .where('id', '=', saleId)
      .execute();
    return { outcome: 'gone' };
  }
  const balance = Number(row.points_balance);
  if (write.entries.length > 0) {
    await insertShaped(trx, 'loyalty-entries', write.entries, () =>
      trx.insertInto('loyalty_entries').values(write.entries),
    );
  }
  if (balance === write.expectedBalance) return { outcome: 'applied', balance };
  await trx
    .updateTable('shop_transactions')
    .set({ points_balance: balance, points_overdrawn: write.redeemed > 0 && balance - write.earned < 0 ? 1 : 0 })
    .where('store_id', '=', storeId)
    .where('id', '=', saleId)
    .execute();
  return { outcome: 'applied', balance };
}

/** What a refund gives back to the sale's customer: points reversed and returned, and its amount. */
export interface CustomerRefundWrite {
  customerId: string;
  refundId: string;
  reversed: number;
  returned: number;
  amount: number;
  entryId: string;
  userId: string;
  deviceId: string | null;
  at: string;
}

/**
 * A refund on its sale's customer: the points the refunded lines earned taken back, those they used
 * given back (one REVERSE entry, net), the amount off their total spent. Never refused: a balance
 * may go below zero when the points were spent since (the ledger shows it).
 */
export async function applyCustomerRefund(trx: DbOrTx, storeId: string, write: CustomerRefundWrite): Promise<void> {
  const net = write.returned - write.reversed;
  const changed = await trx
    .updateTable('customers')
    .set((eb) => ({
      points_balance: eb('points_balance', '+', net),
      total_spent: eb('total_spent', '-', write.amount),
      updated_at: write.at,
    }))
    .where('store_id', '=', storeId)
    .where('id', '=', write.customerId)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0 || net === 0) return;
  await trx
    .insertInto('loyalty_entries')
    .values({
      store_id: storeId,
      id: write.entryId,
      customer_id: write.customerId,
      kind: 'REVERSE',
      points: net,
      sale_id: null,
      refund_id: write.refundId,
      user_id: write.userId,
      device_id: write.deviceId,
      note: '',
      at: write.at,
    })
    .execute();
}
