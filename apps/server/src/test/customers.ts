import { randomUUID } from 'node:crypto';
import type { CreateCustomerBody, Customer, LoyaltySettings } from '@shopdesk/shared';
import { expect } from 'vitest';
import { unique, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export function customerBody(overrides: Partial<CreateCustomerBody> = {}): CreateCustomerBody {
  return { name: `Customer ${unique()}`, phone: '090-1234-5678', ...overrides };
}

/** Creates a customer through the API (201 expected) in the default store or `store` (a urlName). */
export async function createCustomer(
  t: TestApp,
  u: TestUser,
  overrides: Partial<CreateCustomerBody> = {},
  store?: string,
): Promise<Customer> {
  const res = await t.request<Customer>('POST', '/api/secure/customer', {
    token: u.token,
    body: customerBody(overrides),
    ...(store ? { headers: { 'x-store': store } } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/**
 * A completed sale row of `customer` written straight into the table (the sale path that links
 * customers is the lead's: this stands in for it in the customer module's tests).
 */
export async function insertCustomerSale(
  t: TestApp,
  u: TestUser,
  customer: Pick<Customer, 'id' | 'code' | 'name'>,
  total: number,
  at = t.clock.now().toISOString(),
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = `T${unique()}`.slice(0, 20);
  await t.db
    .insertInto('shop_transactions')
    .values({
      id,
      store_id: u.store.id,
      code,
      client_id: randomUUID(),
      status: 'COMPLETED',
      user_id: u.user.userId,
      created_at: at,
      updated_at: at,
      completed_at: at,
      business_date: at.slice(0, 10),
      currency: u.store.mainCurrency,
      second_currency: null,
      rate: null,
      rate_date: null,
      rate_source: null,
      tax_mode: 'NONE',
      discount_kind: null,
      discount_value: null,
      gross: total,
      line_discounts: 0,
      cart_discount: 0,
      tax: 0,
      total,
      rounding: 0,
      due: total,
      change_in_main: 0,
      refunded_amount: 0,
      taxes: '[]',
      item_count: 1,
      first_items: 'Tea',
      note: '',
      sold_at: at,
      request_hash: null,
      completion_client_id: null,
      completion_hash: null,
      approved_by: null,
      tax_calculation: null,
      tax_rounding: null,
      tax_registration_number: null,
      customer_id: customer.id,
      customer_code: customer.code,
      customer_name: customer.name,
    })
    .execute();
  return { id, code };
}

/** Turns the store's points on with these settings (1 point per 100, a point worth 1 minor unit by default). */
export async function setLoyalty(t: TestApp, u: TestUser, settings: Partial<LoyaltySettings> = {}): Promise<void> {
  const res = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/loyalty`, {
    token: u.token,
    body: { enabled: true, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths: null, ...settings },
  });
  expect(res.status, res.text).toBe(200);
}

/** The customer as the owner sees them now. */
export async function customerNow(t: TestApp, u: TestUser, id: string): Promise<Customer> {
  const res = await t.request<Customer>('GET', `/api/secure/customer/${id}`, { token: u.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}
