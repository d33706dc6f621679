/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { expect } from 'vitest';
import type { Cargo, CargoContent, NewCargoBody, VirtualStore } from '@shopdesk/shared';
import { unique, type TestUser } from '../../test/factories.ts';
import type { ApiResponse, TestApp } from '../../test/harness.ts';

export const inStore = (u: TestUser, store: VirtualStore = u.store) => ({
  token: u.token,
  headers: { 'x-store': store.urlName },
});

export async function createCargo(t: TestApp, u: TestUser, body: NewCargoBody, store?: VirtualStore): Promise<Cargo> {
  const res = await t.request<Cargo>('POST', '/api/secure/cargo/new', { ...inStore(u, store), body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function contentsOf(t: TestApp, u: TestUser, code: string, store?: VirtualStore): Promise<CargoContent[]> {
  const res = await t.request<CargoContent[]>('GET', `/api/secure/cargo/code/${code}/contents`, inStore(u, store));
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export const mark = (t: TestApp, u: TestUser, status: 'arrived' | 'not-arrived', code: string, store?: VirtualStore) =>
  t.request<Cargo>('POST', `/api/secure/cargo/${status}`, { ...inStore(u, store), body: { code } });

export const difference = (
  t: TestApp,
  u: TestUser,
  code: string,
  contentId: string,
  expected: number,
  diff: number,
  clientId?: string,
  store?: VirtualStore,
): Promise<ApiResponse> =>
  t.request(
    'PUT',
    `/api/secure/cargo-content/code/${code}/content/${contentId}/quantity/${expected}/difference/${diff}${
      clientId ? `?clientId=${clientId}` : ''
    }`,
    inStore(u, store),
  );

export async function issueQr(t: TestApp, u: TestUser, code: string, store?: VirtualStore) {
  const res = await t.request('GET', `/api/secure/cargo/code/${code}/qr`, inStore(u, store));
  expect(res.status, res.text).toBe(200);
  return res.body as { token: string; expiresAt: string; link: string };
}

export const receive = (t: TestApp, u: TestUser, token: string, store?: VirtualStore) =>
  t.request<Cargo>('POST', '/api/secure/cargo/qr/transfer', { ...inStore(u, store), body: { token } });

export async function productQuantity(t: TestApp, u: TestUser, code: string, store?: VirtualStore): Promise<number> {
  const res = await t.request('GET', `/api/secure/product/code/${code}`, inStore(u, store));
  expect(res.status, res.text).toBe(200);
  return (res.body as any).quantity as number;
}

export async function createProduct(t: TestApp, u: TestUser, code: string, quantity: number, price = 100) {
  const res = await t.request('POST', '/api/secure/product', {
    ...inStore(u),
    body: { code, name: `Product ${code}`, price, quantity },
  });
  expect(res.status, res.text).toBe(201);
}

export async function addStore(t: TestApp, u: TestUser, mainCurrency = 'USD'): Promise<VirtualStore> {
  const res = await t.request<VirtualStore>('POST', '/api/secure/virtual-store', {
    token: u.token,
    body: { name: 'Second Shop', urlName: `second-${unique()}`, mainCurrency },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A distinct valid product code per call (not a GS1 length, so no check digit). */
let serial = 0;
export const sku = () => `SKU-${unique()}-${++serial}`;
