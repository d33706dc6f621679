import type { Product, VirtualStore } from '@shopdesk/shared';
import { expect } from 'vitest';
import { createUser, unique, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';
import { createProduct } from './products.ts';

/** The bytes of a PNG as far as the upload check reads them (its signature). */
export const SAMPLE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);

/**
 * What the route samples act on: an owner with two stores, a product and an image, and an
 * intruder with a valid session and a store of their own. `product` is made fresh for each route
 * by `freshProduct`, so a route that deletes or edits it never spoils the next one.
 */
export interface SweepWorld {
  t: TestApp;
  owner: TestUser;
  ownerSecondStore: VirtualStore;
  intruder: TestUser;
  product: Product;
  /** An image in the owner's default store. */
  fileId: string;
  /** Texts that only the owner's data contains: no answer to the intruder may carry any of them. */
  ownerMarkers: string[];
}

export async function buildSweepWorld(t: TestApp): Promise<SweepWorld> {
  const owner = await createUser(t, { name: `Owner ${unique()}`, storeName: `Owner store ${unique()}` });
  const intruder = await createUser(t);
  const second = await t.request<VirtualStore>('POST', '/api/secure/virtual-store', {
    token: owner.token,
    body: { name: `Owner branch ${unique()}`, urlName: `owner-branch-${unique()}`, mainCurrency: 'EUR' },
  });
  expect(second.status, second.text).toBe(201);
  const fileId = crypto.randomUUID();
  const file = await t.request('PUT', `/api/secure/file/data/${owner.store.urlName}/${fileId}`, {
    token: owner.token,
    raw: SAMPLE_PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(file.status, file.text).toBe(200);
  const world: SweepWorld = {
    t,
    owner,
    ownerSecondStore: second.body,
    intruder,
    product: undefined as unknown as Product,
    fileId,
    ownerMarkers: [],
  };
  await freshProduct(world);
  return world;
}

/** Gives the owner a new product (in their default store) for the next route. */
export async function freshProduct(w: SweepWorld): Promise<void> {
  w.product = await createProduct(w.t, w.owner, {
    code: `OWN-${unique()}`,
    name: `Owner only ${unique()}`,
    category: `Owner category ${unique()}`,
  });
  w.ownerMarkers = [
    w.owner.email,
    w.owner.user.userId,
    w.owner.user.name,
    w.owner.store.id,
    w.owner.store.urlName,
    w.owner.store.name,
    w.ownerSecondStore.id,
    w.ownerSecondStore.urlName,
    w.ownerSecondStore.name,
    w.fileId,
    w.product.id,
    w.product.code,
    w.product.name,
    w.product.category,
  ];
}

/** What the owner can see: the intruder's calls must leave all of it exactly as it was. */
export async function ownerView(w: SweepWorld): Promise<unknown> {
  const as = { token: w.owner.token };
  const [profile, stores, product, movements, file] = await Promise.all([
    w.t.request('GET', '/api/secure/profile', as),
    w.t.request('GET', '/api/secure/virtual-store', as),
    w.t.request('GET', `/api/secure/product/code/${w.product.code}`, as),
    w.t.request('GET', `/api/secure/product/code/${w.product.code}/movements`, as),
    w.t.request('GET', `/api/secure/file/data/${w.owner.store.urlName}/${w.fileId}`, as),
  ]);
  return {
    profile: [profile.status, profile.body],
    stores: [stores.status, stores.body],
    product: [product.status, product.body],
    movements: [movements.status, movements.body],
    file: [file.status, file.headers.get('etag')],
  };
}
