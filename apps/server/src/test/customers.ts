import { expect } from 'vitest';
import type { Customer, LoyaltySettings } from '@shopdesk/shared';
import type { TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/** A customer of the user's first store, through the API. */
export async function createCustomer(t: TestApp, u: TestUser, body: Record<string, unknown> = {}): Promise<Customer> {
  const res = await t.request<Customer>('POST', '/api/secure/customer', {
    token: u.token,
    body: { name: `Customer ${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
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
