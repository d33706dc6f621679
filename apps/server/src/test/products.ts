import { gs1CheckDigit, type CreateProductBody, type CreateStoreBody, type Product } from '@shopdesk/shared';
import { expect } from 'vitest';
import { api } from './api-client.ts';
import { unique, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/** A valid EAN-13 with a given 3-digit GS1 prefix (default 400, Germany) and a random body. */
export function ean13(prefix = '400'): string {
  let body = prefix;
  while (body.length < 12) body += String(Math.floor(Math.random() * 10));
  return body + String(gs1CheckDigit(body));
}

export function productBody(overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  return {
    code: `SKU-${unique()}`,
    name: 'Green Tea 500ml',
    brand: 'Leafy',
    category: 'Drinks',
    price: 199,
    cost: 120,
    ...overrides,
  };
}

export function storeHeader(store?: string): Record<string, string> {
  return store ? { 'x-store': store } : {};
}

/** Creates a product through the API (201 expected) in the default store or `store`. */
export async function createProduct(
  t: TestApp,
  u: TestUser,
  overrides: Partial<CreateProductBody> = {},
  store?: string,
): Promise<Product> {
  // Opening stock is never negative: a product that is to start below zero is created empty and
  // adjusted down, as a shop's oversold product gets there.
  const negative = (overrides.quantity ?? 0) < 0 ? (overrides.quantity as number) : 0;
  const body = productBody(negative ? { ...overrides, quantity: 0 } : overrides);
  const res = await api(t).post('/api/secure/product', { token: u.token, body, store });
  expect(res.status, res.text).toBe(201);
  if (!res.ok) throw new Error(res.text);
  if (!negative) return res.body;
  const adjusted = await t.request('POST', `/api/secure/product/code/${encodeURIComponent(body.code)}/adjust`, {
    token: u.token,
    body: { delta: negative, reason: 'ADJUSTMENT' },
    ...(store ? { headers: { 'x-store': store } } : {}),
  });
  expect(adjusted.status, adjusted.text).toBe(200);
  return adjusted.body;
}

/** Creates another store for the user and returns its urlName. */
export async function createStore(
  t: TestApp,
  u: TestUser,
  mainCurrency: CreateStoreBody['mainCurrency'] = 'USD',
): Promise<string> {
  const res = await api(t).post('/api/secure/virtual-store', {
    token: u.token,
    body: { name: 'Branch', urlName: `branch-${unique()}`, mainCurrency },
  });
  expect(res.status, res.text).toBe(201);
  if (!res.ok) throw new Error(res.text);
  return res.body.urlName;
}
