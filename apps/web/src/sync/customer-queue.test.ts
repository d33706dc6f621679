import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-error.ts';
import { listSales } from './sale-queue-db.ts';
import { submitSale } from './submit-sale.ts';
import { submitCustomer } from './submit-customer.ts';
import { startSaleSync } from './sync-loop.ts';
import { discardSale } from './use-sale-queue.ts';
import {
  apiError,
  freshDevice,
  json,
  logIn,
  saleBody,
  settle,
  type fakeServer,
  type SeenRequest,
} from './sale-queue.test-support.ts';

let server: ReturnType<typeof fakeServer>;
const stops: (() => void)[] = [];
/** The customers the fake server created, by clientId (idempotent like the real route). */
let customers: Map<string, string>;

/** Answers POST /customer like the server: 201 once per clientId, then 200 with the same customer. */
function customerRoute(req: SeenRequest) {
  if (!req.url.endsWith('/api/secure/customer')) return undefined;
  const { clientId, name } = req.body as { clientId: string; name: string };
  const known = customers.get(clientId);
  const id = known ?? `c-${customers.size + 1}`;
  customers.set(clientId, id);
  return json(known ? 200 : 201, { id, code: 'M0000000001', name, nameKana: '', pointsBalance: 0, phoneLast4: '' });
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  server = await freshDevice();
  customers = new Map();
  logIn('u1');
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const post = vi.fn(async () => ({ id: 'never' }));

/** Offline: a customer created at the counter, then a sale naming it by its local id. */
async function sellToNewCustomerOffline() {
  onlineManager.setOnline(false);
  const clientId = crypto.randomUUID();
  expect(await submitCustomer('my-shop', { clientId, name: 'Sato Hanako' }, post)).toEqual({ kind: 'queued' });
  const sale = saleBody({ customerId: `local:${clientId}`, pointsRedeemed: 0, offline: true });
  expect(await submitSale('my-shop', { kind: 'create', body: sale })).toEqual({ kind: 'queued' });
  onlineManager.setOnline(true);
  return { clientId, sale };
}

describe('a customer created offline', () => {
  it('is queued before the sale that names it, and the sale reaches the server with its server id', async () => {
    const { clientId, sale } = await sellToNewCustomerOffline();
    expect(post).not.toHaveBeenCalled();
    expect((await listSales()).map((e) => e.request.kind)).toEqual(['customer', 'create']);
    // Every request goes through the customer route first (a sale falls through to the default).
    for (let i = 0; i < 10; i++) server.answers.push(customerRoute);
    stops.push(startSaleSync({ random: () => 0.5 }));
    await settle(120);

    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => new URL(r.url, 'http://x').pathname)).toEqual([
      '/api/secure/customer',
      '/api/secure/shop/transaction',
    ]);
    expect(posts[0]!.body).toMatchObject({ clientId, name: 'Sato Hanako' });
    expect(posts[1]!.body).toMatchObject({ clientId: sale.clientId, customerId: 'c-1', offline: true });
    expect(customers.size).toBe(1);
    expect(server.stored.size).toBe(1);
    expect(await listSales()).toEqual([]);
  });

  it('syncs once when the customer answer is lost: the resend (same clientId) answers the first customer', async () => {
    const { sale } = await sellToNewCustomerOffline();
    // The first POST reaches the server, but its answer is lost.
    server.answers.push((req) => {
      customerRoute(req);
      return 'network-error';
    });
    for (let i = 0; i < 10; i++) server.answers.push(customerRoute);
    stops.push(startSaleSync({ random: () => 0 }));
    await settle(60);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle(120);

    expect(customers.size).toBe(1);
    const salePosts = server.requests.filter((r) => r.url.endsWith('/shop/transaction'));
    expect(salePosts).toHaveLength(1);
    expect(salePosts[0]!.body).toMatchObject({ clientId: sale.clientId, customerId: 'c-1' });
    expect(await listSales()).toEqual([]);
  });

  it('refuses the sale (kept, with the reason) when its customer never reached the server', async () => {
    const { clientId, sale } = await sellToNewCustomerOffline();
    server.answers.push(apiError(402, 'FREE_LIMIT_REACHED', 'Customer limit'));
    stops.push(startSaleSync({ random: () => 0.5 }));
    await settle(80);
    await discardSale(`customer:${clientId}`);
    await settle(40);

    const [left] = await listSales();
    expect(left).toMatchObject({ clientId: sale.clientId, state: 'refused', refusal: { code: 'CUSTOMER_NOT_SYNCED' } });
    expect(server.requests.filter((r) => r.url.endsWith('/shop/transaction'))).toHaveLength(0);
  });
});

describe('a customer created online', () => {
  it('is posted at once with its clientId and never queued', async () => {
    const created = await submitCustomer('my-shop', { clientId: crypto.randomUUID(), name: 'Kato' }, async () => ({
      id: 'c-9',
    }));
    expect(created).toEqual({ kind: 'stored', customer: { id: 'c-9' } });
    expect(await listSales()).toEqual([]);
  });

  it('is queued when the post gets no answer, and refused at once for a 4xx', async () => {
    const lost = await submitCustomer('my-shop', { clientId: crypto.randomUUID(), name: 'Ito' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(lost).toEqual({ kind: 'queued' });
    expect((await listSales()).map((e) => e.request.kind)).toEqual(['customer']);
    // The lost answer marked the device unreachable; the connection is back.
    onlineManager.setOnline(true);
    const refused = await submitCustomer('my-shop', { clientId: crypto.randomUUID(), name: 'Ueda' }, async () => {
      throw new ApiRequestError(402, 'Payment Required', { code: 'FREE_LIMIT_REACHED', message: 'limit' });
    });
    expect(refused.kind).toBe('refused');
  });
});
