import type { Cargo, CargoContent } from '@shopdesk/shared';
import { expect } from 'vitest';
import { createUser, unique, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/**
 * The cargo part of the sweep world: a fresh owner cargo holding the fresh product for each route
 * (a route may arrive, transfer or delete it), and a transfer token from a third user (`gifter`),
 * so the QR receive route has a token any caller can use.
 */
export interface CargoWorld {
  cargo: Cargo;
  cargoContent: CargoContent;
  gifter: TestUser;
  giftCode: string;
  /** A transfer token of the gifter's cargo, unused while that cargo is NOT_ARRIVED. */
  qrToken: string;
}

interface Owner {
  t: TestApp;
  owner: TestUser;
  ownerSecondStore: { urlName: string };
  product: { code: string };
}

/**
 * Clears the owner's cargos in both stores (a route may have added some: the free cargo limit
 * counts them) and makes a new one with the owner's fresh product as its line.
 */
export async function freshCargo(w: Owner & Partial<CargoWorld>): Promise<CargoWorld> {
  const { t, owner } = w;
  for (const store of [owner.store.urlName, w.ownerSecondStore.urlName]) {
    const as = { token: owner.token, headers: { 'x-store': store } };
    const list = await t.request('GET', '/api/secure/cargo/search/window/0/100', as);
    expect(list.status, list.text).toBe(200);
    for (const c of list.body.items as Cargo[]) {
      if (c.status === 'ARRIVED')
        await t.request('POST', '/api/secure/cargo/not-arrived', { ...as, body: { code: c.code } });
      const gone = await t.request('DELETE', `/api/secure/cargo/code/${c.code}`, as);
      expect(gone.status, gone.text).toBe(204);
    }
  }
  const made = await t.request<Cargo>('POST', '/api/secure/cargo/new', {
    token: owner.token,
    body: {
      name: `Owner cargo ${unique()}`,
      origin: `Owner origin ${unique()}`,
      contents: [{ code: w.product.code, name: `Owner line ${unique()}`, quantity: 3, price: 100 }],
    },
  });
  expect(made.status, made.text).toBe(201);
  const contents = await t.request<CargoContent[]>('GET', `/api/secure/cargo/code/${made.body.code}/contents`, {
    token: owner.token,
  });

  // A token is issued only when the last one was used (its cargo then left NOT_ARRIVED): issuing
  // is rate limited, and the sweep runs far more routes than the limit.
  let gifter = w.gifter;
  let giftCode = w.giftCode;
  let qrToken = w.qrToken;
  if (!gifter) gifter = await createUser(t);
  const gift = giftCode
    ? await t.request<Cargo>('GET', `/api/secure/cargo/code/${giftCode}`, { token: gifter.token })
    : undefined;
  if (!gift || !qrToken || gift.body.status !== 'NOT_ARRIVED') {
    const next = await t.request<Cargo>('POST', '/api/secure/cargo/new', {
      token: gifter.token,
      body: { name: 'Gift', contents: [{ code: 'GIFT-1', name: 'Gift tea', quantity: 1, price: 100 }] },
    });
    expect(next.status, next.text).toBe(201);
    giftCode = next.body.code;
    const qr = await t.request('GET', `/api/secure/cargo/code/${giftCode}/qr`, { token: gifter.token });
    expect(qr.status, qr.text).toBe(200);
    qrToken = qr.body.token as string;
  }
  return { cargo: made.body, cargoContent: contents.body[0]!, gifter, giftCode: giftCode!, qrToken };
}

/** The owner's cargo and its lines as the owner sees them. */
export async function ownerCargoView(t: TestApp, owner: TestUser, cargo: Cargo) {
  const as = { token: owner.token };
  const [one, contents] = await Promise.all([
    t.request('GET', `/api/secure/cargo/code/${cargo.code}`, as),
    t.request('GET', `/api/secure/cargo/code/${cargo.code}/contents`, as),
  ]);
  return { cargo: [one.status, one.body], cargoContents: [contents.status, contents.body] };
}
