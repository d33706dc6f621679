import type { Approval, Customer, Product, ShiftReport, ShopTransaction, VirtualStore } from '@shopdesk/shared';
import { expect } from 'vitest';
import { createUser, unique, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';
import { freshCargo, ownerCargoView, type CargoWorld } from './cargo-world.ts';
import { freshMembers, MEMBER_WORLD_ENV, type MemberWorld } from './member-world.ts';
import { createCustomer } from './customers.ts';
import { createProduct } from './products.ts';
import { approveOn, makeTill, type TestTill } from './till-world.ts';
import { displayState, pairDisplay, putState } from './display.ts';

/** Real images of one pixel (uploads are decoded: modules/files/image-check.ts). */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR42mPQn+cCAAIRARKL/YF6AAAAAElFTkSuQmCC',
  'base64',
);
export const SAMPLE_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcABRD/9k=',
  'base64',
);
export const SAMPLE_WEBP = Buffer.from(
  'UklGRjgAAABXRUJQVlA4ICwAAACwAQCdASoBAAEAAUAmJaACdLoABGaAAP7l+j/uOwN14t/+fmf7p/nfokAAAA==',
  'base64',
);

/**
 * What the route samples act on: an owner with two stores, a product and an image, and an
 * intruder with a valid session and a store of their own. `product` is made fresh for each route
 * by `freshProduct`, so a route that deletes or edits it never spoils the next one.
 */
export interface SweepWorld extends CargoWorld, MemberWorld {
  t: TestApp;
  owner: TestUser;
  ownerSecondStore: VirtualStore;
  intruder: TestUser;
  product: Product;
  /** A customer of the owner's default store, made fresh with the product. */
  customer: Customer;
  /** The code of a gift card sold in the owner's default store, made fresh with the product. */
  giftCard: string;
  /** An image in the owner's default store. */
  fileId: string;
  /** A completed sale and a parked cart of the owner's default store, made fresh with the product. */
  sale: ShopTransaction;
  parked: ShopTransaction;
  /** The owner's open shift (reopened for each route, as a route may close it) and a closed one (a Z report). */
  openShift: ShiftReport;
  closedShift: ShiftReport;
  /** Texts that only the owner's data contains: no answer to the intruder may carry any of them. */
  ownerMarkers: string[];
  /**
   * A till of the owner's default store and one of the intruder's; `spare`, the owner's, for
   * revoking; one of each to leave till mode, with a grant of its owner's (`leaveGrants`).
   */
  tills: { owner: TestTill; intruder: TestTill; spare: TestTill; ownerLeaving: TestTill; intruderLeaving: TestTill };
  leaveGrants: { owner: Approval; intruder: Approval };
  /**
   * Displays of the owner's default store: `counter` takes states, `spare` is for revoking, `paid`
   * shows a paid sale (the world's first) for the receipt mail, and `revoked` is a revoked one's
   * token (the fuzzer reads whole answers, and a live stream never ends).
   */
  displays: Record<'counter' | 'spare' | 'paid' | 'revoked', { id: string; token: string }>;
}

/** The credential a route's sample is sent with for `caller`: their till token for a till route, else their session. */
export function tokenFor(w: SweepWorld, entry: { credential?: 'till' | 'leaving-till' }, caller: TestUser): string {
  if (!entry.credential) return caller.token;
  const leaving = entry.credential === 'leaving-till';
  if (caller === w.owner) return (leaving ? w.tills.ownerLeaving : w.tills.owner).token;
  if (caller === w.intruder) return (leaving ? w.tills.intruderLeaving : w.tills.intruder).token;
  return caller.token;
}

/** The till PIN of the owner and the intruder, each in their own store. */
export const TILL_PIN = '246802';

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
    customer: undefined as unknown as Customer,
    giftCard: '',
    sale: undefined as unknown as ShopTransaction,
    parked: undefined as unknown as ShopTransaction,
    openShift: undefined as unknown as ShiftReport,
    closedShift: undefined as unknown as ShiftReport,
    fileId,
    ownerMarkers: [],
    tills: undefined as unknown as SweepWorld['tills'],
    leaveGrants: undefined as unknown as SweepWorld['leaveGrants'],
    displays: undefined as unknown as SweepWorld['displays'],
    ...({} as CargoWorld),
    ...({} as MemberWorld),
  };
  for (const user of [owner, intruder]) {
    const on = await t.request('PUT', `/api/secure/virtual-store/${user.store.urlName}/sale-settings`, {
      token: user.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
    });
    expect(on.status, on.text).toBe(200);
    const pin = await t.request(
      'PUT',
      `/api/secure/virtual-store/${user.store.urlName}/member/${user.user.userId}/pin`,
      {
        token: user.token,
        body: { pin: TILL_PIN },
      },
    );
    expect(pin.status, pin.text).toBe(204);
  }
  world.tills = {
    owner: await makeTill(t, owner, 'Owner till'),
    intruder: await makeTill(t, intruder, 'Intruder till'),
    spare: await makeTill(t, owner, 'Spare till'),
    ownerLeaving: await makeTill(t, owner, 'Leaving till'),
    intruderLeaving: await makeTill(t, intruder, 'Leaving till'),
  };
  world.leaveGrants = {
    owner: await approveOn(t, world.tills.ownerLeaving, owner, TILL_PIN, 'SETTINGS'),
    intruder: await approveOn(t, world.tills.intruderLeaving, intruder, TILL_PIN, 'SETTINGS'),
  };
  const first = await ownerOpenShift(world);
  const closed = await t.request<ShiftReport>('POST', `/api/secure/shop/shift/${first.id}/close`, {
    token: owner.token,
    body: { counts: first.cash.map((c) => ({ currency: c.currency, denominations: [{ value: 100, count: 2 }] })) },
  });
  expect(closed.status, closed.text).toBe(200);
  world.closedShift = closed.body;
  await freshProduct(world);
  world.displays = await ownerDisplays(world);
  return world;
}

async function ownerDisplays(w: SweepWorld): Promise<SweepWorld['displays']> {
  const [counter, spare, paid, revoked] = [
    await pairDisplay(w.t, w.owner, 'Counter display'),
    await pairDisplay(w.t, w.owner, 'Spare display'),
    await pairDisplay(w.t, w.owner, 'Paid display'),
    await pairDisplay(w.t, w.owner, 'Revoked display'),
  ];
  const shown = displayState(Date.now(), { phase: 'paid', receipt: { code: w.sale.code } });
  expect((await putState(w.t, w.owner, paid.id, shown)).status).toBe(204);
  const gone = await w.t.request('DELETE', `/api/secure/display/pair/${revoked.id}`, {
    token: w.owner.token,
    headers: { 'x-store': w.owner.store.urlName },
  });
  expect(gone.status, gone.text).toBe(204);
  const pick = (d: { id: string; token: string }) => ({ id: d.id, token: d.token });
  return { counter: pick(counter), spare: pick(spare), paid: pick(paid), revoked: pick(revoked) };
}

/** The owner's open shift, opened when none is. */
async function ownerOpenShift(w: SweepWorld): Promise<ShiftReport> {
  const as = { token: w.owner.token };
  const current = await w.t.request<{ shift: ShiftReport | null }>('GET', '/api/secure/shop/shift/current', as);
  if (current.body.shift) return current.body.shift;
  const opened = await w.t.request<ShiftReport>('POST', '/api/secure/shop/shift', {
    ...as,
    body: { float: [{ currency: w.owner.store.mainCurrency, amount: 5_000 }] },
  });
  expect(opened.status, opened.text).toBe(201);
  return opened.body;
}

/** A sale of `code` (one unit) by the owner, completed in cash or parked. */
export async function ownerSale(w: SweepWorld, code: string, status: 'COMPLETED' | 'PARKED'): Promise<ShopTransaction> {
  const res = await w.t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
    token: w.owner.token,
    body: {
      clientId: crypto.randomUUID(),
      status,
      lines: [{ code, quantity: 1 }],
      ...(status === 'COMPLETED' ? { payment: { method: 'CASH', currency: 'USD', amount: 100_000 } } : {}),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A gift card of 50.00 sold by the owner for cash: its code. */
async function ownerGiftCard(w: SweepWorld): Promise<string> {
  const res = await w.t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
    token: w.owner.token,
    body: {
      clientId: crypto.randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 5_000 } }],
      payment: { method: 'CASH', currency: 'USD', amount: 5_000 },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.lines[0]!.giftCardCode!;
}

/** Gives the owner a new product (in their default store), a sale of it and a parked cart, for the next route. */
export async function freshProduct(w: SweepWorld): Promise<void> {
  w.product = await createProduct(w.t, w.owner, {
    code: `OWN-${unique()}`,
    name: `Owner only ${unique()}`,
    category: `Owner category ${unique()}`,
  });
  w.customer = await createCustomer(w.t, w.owner, {
    name: `Owner customer ${unique()}`,
    phone: '090-4321-8765',
    email: `owner-customer-${unique()}@example.com`,
  });
  w.giftCard = await ownerGiftCard(w);
  w.sale = await ownerSale(w, w.product.code, 'COMPLETED');
  w.parked = await ownerSale(w, w.product.code, 'PARKED');
  w.openShift = await ownerOpenShift(w);
  Object.assign(w, await freshCargo(w));
  Object.assign(w, await freshMembers(w));
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
    w.customer.id,
    w.customer.code,
    w.customer.name,
    w.customer.email,
    w.giftCard,
    w.sale.id,
    w.sale.code,
    w.parked.code,
    w.openShift.id,
    w.closedShift.id,
    w.cargo.id,
    w.cargo.code,
    w.cargo.name,
    w.cargo.origin,
    w.member.email,
    w.member.user.userId,
    w.member.user.name,
    w.invitation.id,
    w.invitation.email,
    ...(w.displays ? [w.displays.counter.id, w.displays.spare.id, w.displays.paid.id] : []),
  ];
}

/**
 * The limits a world of every route runs under: each route gets a fresh product and two sales
 * (`freshProduct`), and members and invitations are made again once used, so the free plan's
 * limits would end the sweep part way once there are enough routes.
 */
export const SWEEP_WORLD_ENV = {
  ...MEMBER_WORLD_ENV,
  BILLING_PROVIDER: 'demo',
  FREE_PRODUCT_LIMIT: '1000000',
  FREE_TRANSACTION_LIMIT: '1000000',
  FREE_CUSTOMER_LIMIT: '1000000',
  RATE_LIMIT_RECEIPT_MAILS_PER_STORE: '1000000',
  RATE_LIMIT_RECEIPT_MAILS_PER_ADDRESS: '1000000',
  RATE_LIMIT_RECEIPT_MAILS_PER_ASKER: '1000000',
};

/** What the owner can see: the intruder's calls must leave all of it exactly as it was. */
export async function ownerView(w: SweepWorld): Promise<unknown> {
  const as = { token: w.owner.token };
  const members = `/api/secure/virtual-store/${w.owner.store.urlName}/member`;
  const [staff, invitations] = await Promise.all([
    w.t.request('GET', members, as),
    w.t.request('GET', `${members}/invitation`, as),
  ]);
  const displays = await w.t.request('GET', '/api/secure/display/pair', as);
  const [customer, loyalty, card, cardSettings] = await Promise.all([
    w.t.request('GET', `/api/secure/customer/${w.customer.id}`, as),
    w.t.request('GET', `/api/secure/virtual-store/${w.owner.store.urlName}/loyalty`, as),
    // By the search, which is not rate limited as a lookup by code is.
    w.t.request('GET', `/api/secure/stored-value/search/window/0/5?q=${w.giftCard}`, as),
    w.t.request('GET', `/api/secure/virtual-store/${w.owner.store.urlName}/stored-value`, as),
  ]);
  const [profile, stores, product, movements, file, sale, parked, receiptTemplate, openShift, closedShift, methods] =
    await Promise.all([
      w.t.request('GET', '/api/secure/profile', as),
      w.t.request('GET', '/api/secure/virtual-store', as),
      w.t.request('GET', `/api/secure/product/code/${w.product.code}`, as),
      w.t.request('GET', `/api/secure/product/code/${w.product.code}/movements`, as),
      w.t.request('GET', `/api/secure/file/data/${w.owner.store.urlName}/${w.fileId}`, as),
      w.t.request('GET', `/api/secure/shop/transaction/${w.sale.code}`, as),
      w.t.request('GET', `/api/secure/shop/transaction/${w.parked.code}`, as),
      w.t.request('GET', `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/receipt-template`, as),
      w.t.request('GET', `/api/secure/shop/shift/${w.openShift.id}`, as),
      w.t.request('GET', `/api/secure/shop/shift/${w.closedShift.id}`, as),
      w.t.request('GET', `/api/secure/virtual-store/${w.ownerSecondStore.urlName}/payment-methods`, as),
    ]);
  return {
    ...(await ownerCargoView(w.t, w.owner, w.cargo)),
    profile: [profile.status, profile.body],
    stores: [stores.status, stores.body],
    product: [product.status, product.body],
    customer: [customer.status, customer.body],
    loyalty: [loyalty.status, loyalty.body],
    giftCard: [card.status, card.body],
    cardSettings: [cardSettings.status, cardSettings.body],
    movements: [movements.status, movements.body],
    file: [file.status, file.headers.get('etag')],
    sale: [sale.status, sale.body],
    parked: [parked.status, parked.body],
    receiptTemplate: [receiptTemplate.status, receiptTemplate.body],
    openShift: [openShift.status, openShift.body],
    closedShift: [closedShift.status, closedShift.body],
    members: [staff.status, staff.body],
    invitations: [invitations.status, invitations.body],
    paymentMethods: [methods.status, methods.body],
    displays: [displays.status, displays.body],
  };
}
