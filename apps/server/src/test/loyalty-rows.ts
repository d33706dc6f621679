import { randomUUID } from 'node:crypto';
import type { TestApp } from './harness.ts';

/*
 * Customers and points rows written straight into the test database, for the report tests while
 * the sale path that writes them (issue 42, the lead's branch) is not merged: the sales themselves
 * are made through the API, then given their customer and points here as the sale's write will.
 */

export async function insertCustomer(
  t: TestApp,
  storeId: string,
  c: { code: string; name: string; deletedAt?: string },
): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now().toISOString();
  await t.db
    .insertInto('customers')
    .values({
      store_id: storeId,
      id,
      code: c.code,
      client_id: null,
      request_hash: null,
      name: c.name,
      name_kana: '',
      phone: '',
      phone_digits: '',
      email: '',
      note: '',
      marketing_consent: 0,
      last_visit_at: null,
      created_at: now,
      updated_at: now,
      created_by: null,
      deleted_at: c.deletedAt ?? null,
    })
    .execute();
  return id;
}

export interface SalePoints {
  earned?: number;
  redeemed?: number;
  discount?: number;
  overdrawn?: boolean;
}

/** Gives the sale `code` its customer and points, and writes its EARN and REDEEM entries at the sale's time. */
export async function attachCustomer(
  t: TestApp,
  storeId: string,
  code: string,
  customer: { id: string; code: string; name: string },
  points: SalePoints = {},
): Promise<void> {
  const sale = await t.db
    .selectFrom('shop_transactions')
    .select(['id', 'completed_at', 'user_id'])
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('shop_transactions')
    .set({
      customer_id: customer.id,
      customer_code: customer.code,
      customer_name: customer.name,
      points_earned: points.earned ?? 0,
      points_redeemed: points.redeemed ?? 0,
      points_discount: points.discount ?? 0,
      points_overdrawn: points.overdrawn ? 1 : 0,
    })
    .where('store_id', '=', storeId)
    .where('id', '=', sale.id)
    .execute();
  const at = sale.completed_at!;
  if (points.earned) await ledgerEntry(t, storeId, customer.id, 'EARN', points.earned, at, { saleId: sale.id });
  if (points.redeemed) {
    await ledgerEntry(t, storeId, customer.id, 'REDEEM', -points.redeemed, at, { saleId: sale.id });
  }
}

export async function ledgerEntry(
  t: TestApp,
  storeId: string,
  customerId: string,
  kind: 'EARN' | 'REDEEM' | 'REVERSE' | 'ADJUST' | 'EXPIRE',
  points: number,
  at: string,
  more: { saleId?: string; userId?: string; note?: string } = {},
): Promise<void> {
  await t.db
    .insertInto('loyalty_entries')
    .values({
      store_id: storeId,
      id: randomUUID(),
      customer_id: customerId,
      kind,
      points,
      sale_id: more.saleId ?? null,
      refund_id: null,
      user_id: more.userId ?? null,
      device_id: null,
      note: more.note ?? '',
      at,
    })
    .execute();
  await t.db
    .updateTable('customers')
    .set((eb) => ({ points_balance: eb('points_balance', '+', points) }))
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .execute();
}
