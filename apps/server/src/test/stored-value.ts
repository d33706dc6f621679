import { randomUUID } from 'node:crypto';
import type { ShopTransaction } from '@shopdesk/shared';
import { expect } from 'vitest';
import { newOrderedId } from '../lib/ids.ts';
import type { TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/** Sells a gift card of `amount` for cash through the sale route (201 expected): its code. */
export async function sellGiftCard(
  t: TestApp,
  u: TestUser,
  amount: number,
  options: { code?: string; currency?: string; store?: string } = {},
): Promise<string> {
  const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount, ...(options.code ? { code: options.code } : {}) } }],
      payment: { method: 'CASH', currency: options.currency ?? u.store.mainCurrency, amount },
    },
    ...(options.store ? { headers: { 'x-store': options.store } } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.lines[0]!.giftCardCode!;
}

/**
 * A customer's store credit of `amount` written straight into the ledger, as a refund paying into
 * it does (account and REFUND entry, balance = the entry): the refund path that opens store credit
 * is the lead's, and this stands in for it in these tests. Returns the account's code.
 */
export async function insertStoreCredit(
  t: TestApp,
  u: TestUser,
  customerId: string,
  amount: number,
  at = t.clock.now().toISOString(),
): Promise<string> {
  const id = randomUUID();
  const code = `9${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await t.db
    .insertInto('stored_value_accounts')
    .values({
      store_id: u.store.id,
      id,
      kind: 'STORE_CREDIT',
      code,
      customer_id: customerId,
      currency: u.store.mainCurrency,
      balance: amount,
      issued: amount,
      expires_at: null,
      status: 'ACTIVE',
      sale_id: null,
      created_at: at,
      updated_at: at,
      last_used_at: null,
      created_by: u.user.userId,
    })
    .execute();
  await t.db
    .insertInto('stored_value_entries')
    .values({
      store_id: u.store.id,
      id: newOrderedId(),
      account_id: id,
      kind: 'REFUND',
      amount,
      balance_after: amount,
      sale_id: null,
      refund_id: null,
      user_id: u.user.userId,
      device_id: null,
      client_id: null,
      request_hash: null,
      note: '',
      at,
    })
    .execute();
  return code;
}
