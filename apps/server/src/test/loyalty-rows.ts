import { randomUUID } from 'node:crypto';
import type { TestApp } from './harness.ts';

/*
 * What the report tests need of the customers module (issue 42, the customers-api branch, not
 * merged here yet): a customer, an anonymisation, an owner's adjustment or an expiry, written
 * straight into the test database as that module's routes and job do. Sales, their points and
 * refunds go through the API (the sale path).
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

/** What the customer delete route does (customers module, another branch): anonymised, their sales unlinked. */
export async function anonymise(t: TestApp, storeId: string, customerId: string): Promise<void> {
  await t.db
    .updateTable('customers')
    .set({ name: '', phone: '', phone_digits: '', email: '', note: '', deleted_at: t.clock.now().toISOString() })
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .execute();
  await t.db
    .updateTable('shop_transactions')
    .set({ customer_id: null, customer_code: null, customer_name: null })
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .execute();
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
