import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { listSales } from './sale-queue-db.ts';
import { submitSale } from './submit-sale.ts';
import {
  apiError,
  freshDevice,
  json,
  logIn,
  saleBody,
  settle,
  transaction,
  type fakeServer,
} from './sale-queue.test-support.ts';

let server: ReturnType<typeof fakeServer>;

beforeEach(async () => {
  server = await freshDevice();
  logIn('u1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('submitSale', () => {
  it('has the sale in IndexedDB before it is sent, and answers the stored sale', async () => {
    const body = saleBody();
    let queuedWhenSent: string[] = [];
    server.answers.push(() => {
      // Runs inside fetch: the write must already be committed.
      void listSales().then((all) => (queuedWhenSent = all.map((e) => e.clientId)));
      return json(201, transaction(body.clientId));
    });
    const result = await submitSale('my-shop', { kind: 'create', body });
    expect(queuedWhenSent).toEqual([body.clientId]);
    expect(result).toMatchObject({ kind: 'stored', sale: { clientId: body.clientId } });
    expect(await listSales()).toEqual([]);
    expect(server.requests[0]!.headers['X-Store']).toBe('my-shop');
    expect(server.requests[0]!.headers.Authorization).toBe('Bearer jwt-u1');
  });

  it('offline: stores the sale for the loop without trying the network', async () => {
    onlineManager.setOnline(false);
    const body = saleBody();
    const preview = { currency: 'JPY', total: 1000, lines: [{ name: 'Tea', quantity: 1 }] };
    expect(await submitSale('my-shop', { kind: 'create', body }, { preview })).toEqual({ kind: 'queued' });
    expect(server.fetchMock).not.toHaveBeenCalled();
    const [entry] = await listSales();
    expect(entry).toMatchObject({ clientId: body.clientId, userId: 'u1', store: 'my-shop', state: 'waiting', preview });
    expect(entry!.leaseUntil).toBe(0);
  });

  it.each([
    ['a network error', 'network-error' as const, 'network'],
    ['a 503', apiError(503, 'UNAVAILABLE', 'Down'), 'server'],
    ['a 429', apiError(429, 'RATE_LIMITED', 'Slow down'), 'busy'],
    ['a 401', apiError(401, 'UNAUTHORIZED', 'Expired'), 'unauthorized'],
  ])('keeps the sale queued after %s', async (_name, answer, problem) => {
    server.answers.push(answer);
    const body = saleBody();
    expect(await submitSale('my-shop', { kind: 'create', body })).toEqual({ kind: 'queued' });
    expect(await listSales()).toMatchObject([
      { clientId: body.clientId, state: 'waiting', attempts: 1, lastProblem: problem, leaseUntil: 0 },
    ]);
    onlineManager.setOnline(true);
  });

  it('leaves the sale to the loop when the server does not answer in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = submitSale('my-shop', { kind: 'create', body: saleBody() }, { timeoutMs: 8_000 });
    let done = false;
    void pending.then(() => (done = true));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(7_999);
    await settle();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(done).toBe(true);
    expect(await pending).toEqual({ kind: 'queued' });
    expect(await listSales()).toMatchObject([{ lastProblem: 'timeout' }]);
  });

  it('answers a refusal while the cart is still on screen, and keeps no entry', async () => {
    server.answers.push(apiError(400, 'PAYMENT_SHORT', 'The payment is short by ¥100.'));
    const result = await submitSale('my-shop', { kind: 'create', body: saleBody() });
    expect(result.kind).toBe('refused');
    expect(result.kind === 'refused' && result.error.code).toBe('PAYMENT_SHORT');
    expect(await listSales()).toEqual([]);
  });

  it('queues behind an older waiting sale instead of overtaking it', async () => {
    onlineManager.setOnline(false);
    const first = saleBody();
    await submitSale('my-shop', { kind: 'create', body: first });
    onlineManager.setOnline(true);
    const second = saleBody();
    expect(await submitSale('my-shop', { kind: 'create', body: second })).toEqual({ kind: 'queued' });
    expect(server.fetchMock).not.toHaveBeenCalled();
    expect((await listSales()).map((e) => e.clientId)).toEqual([first.clientId, second.clientId]);
  });

  it('replaces a queued sale with the same clientId in its place', async () => {
    onlineManager.setOnline(false);
    const a = saleBody();
    const b = saleBody();
    await submitSale('my-shop', { kind: 'create', body: a });
    await submitSale('my-shop', { kind: 'create', body: b });
    await submitSale('my-shop', { kind: 'create', body: { ...a, note: 'fixed' } });
    const all = await listSales();
    expect(all.map((e) => e.clientId)).toEqual([a.clientId, b.clientId]);
    expect(all[0]!.request.body.note).toBe('fixed');
  });

  it('refuses a completion another device made first (409 ALREADY_COMPLETED): never counted as stored', async () => {
    const code = 'ABCDEFGHJK12';
    server.answers.push(apiError(409, 'ALREADY_COMPLETED', 'This held sale was already completed.'));
    // Were the cart read back, it would show COMPLETED: the old code took that for "synced".
    server.answers.push(json(200, transaction('c1')));
    const body = {
      clientId: '5b7e1a8e-2f63-4f0e-9a3c-1d2b3c4d5e6f',
      status: 'COMPLETED' as const,
      lines: [{ code: '4901234567894', quantity: 1 }],
      payment: completedPay,
    };
    const result = await submitSale('my-shop', { kind: 'complete', code, body });
    expect(result).toMatchObject({ kind: 'refused', error: { status: 409, code: 'ALREADY_COMPLETED' } });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`PUT /api/secure/shop/transaction/${code}`]);
  });
});

const completedPay = { method: 'CASH' as const, currency: 'JPY' as const, amount: 1000 };
