import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { wakeSaleSync } from './queue-events.ts';
import { listSales } from './sale-queue-db.ts';
import { submitSale } from './submit-sale.ts';
import { startSaleSync, startSyncLoopInstance } from './sync-loop.ts';
import { discardSale, retrySale } from './use-sale-queue.ts';
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
const stops: (() => void)[] = [];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  server = await freshDevice();
  logIn('u1');
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'locks');
});

/** Makes `n` sales while offline (so they wait in the queue) and answers their clientIds. */
async function sellOffline(n: number, store = 'my-shop'): Promise<string[]> {
  onlineManager.setOnline(false);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = saleBody();
    ids.push(body.clientId);
    expect(await submitSale(store, { kind: 'create', body })).toEqual({ kind: 'queued' });
  }
  onlineManager.setOnline(true);
  return ids;
}

function start(random = () => 0.5) {
  stops.push(startSaleSync({ random }));
}

/** Moves fake time on and lets IndexedDB and the fake server catch up. */
async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe('the sale sync loop', () => {
  it('sends the waiting sales oldest first, each once, and empties the queue', async () => {
    const ids = await sellOffline(3);
    start();
    await settle(80);
    expect(server.posted()).toEqual(ids);
    expect(server.stored.size).toBe(3);
    expect(server.maxInFlight).toBe(1);
    expect(await listSales()).toEqual([]);
  });

  it('stores a sale once when its answer was lost and it is sent again', async () => {
    const [id] = await sellOffline(1);
    // The server writes the sale, then the connection drops before the answer arrives.
    server.answers.push(() => {
      server.stored.set(id!, transaction(id!));
      return 'network-error';
    });
    start();
    await settle();
    expect(await listSales()).toMatchObject([{ clientId: id, lastProblem: 'network', attempts: 1 }]);
    await after(500);
    expect(server.posted()).toEqual([id, id]);
    expect(server.stored.size).toBe(1);
    expect(await listSales()).toEqual([]);
  });

  it('runs one loop across tabs with Web Locks, and the next tab takes over when it stops', async () => {
    // A Web Locks stand-in: one holder at a time, the others wait in line.
    let tail: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, opts: { signal?: AbortSignal }, run: () => Promise<void>) => {
      const turn = tail.then(() =>
        opts.signal?.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : run(),
      );
      tail = turn.catch(() => undefined);
      return turn;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });

    const ids = await sellOffline(3);
    const stopFirst = startSyncLoopInstance({ random: () => 0.5 });
    stops.push(startSyncLoopInstance({ random: () => 0.5 }));
    await settle(80);
    expect(request).toHaveBeenCalledTimes(2);
    expect(server.posted()).toEqual(ids);
    expect(server.maxInFlight).toBe(1);

    stopFirst();
    await settle();
    const [late] = await sellOffline(1);
    wakeSaleSync();
    await settle(40);
    expect(server.posted()).toEqual([...ids, late]);
    expect(server.stored.size).toBe(4);
  });

  it('backs off exponentially with full jitter after failures', async () => {
    await sellOffline(1);
    for (let i = 0; i < 5; i++) server.answers.push('network-error');
    start(() => 0.5);
    await settle();
    expect(server.requests).toHaveLength(1);
    // Half of 1 s, 2 s, 4 s: the ceiling doubles and the jitter picks a point below it.
    for (const wait of [500, 1_000, 2_000]) {
      await after(wait - 1);
      const before = server.requests.length;
      await after(1);
      expect(server.requests.length).toBe(before + 1);
    }
  });

  it('waits at least what Retry-After asks, whatever the wakes', async () => {
    await sellOffline(1);
    server.answers.push(apiError(429, 'RATE_LIMITED', 'Slow down', { 'Retry-After': '5' }));
    start(() => 0.5);
    await settle();
    await after(1_000);
    wakeSaleSync();
    await after(3_998);
    expect(server.requests).toHaveLength(1);
    await after(2);
    expect(server.requests).toHaveLength(2);
    expect(await listSales()).toEqual([]);
  });

  it('wakes at once when the browser goes online', async () => {
    await sellOffline(1);
    for (let i = 0; i < 6; i++) server.answers.push('network-error');
    start(() => 0.99);
    await settle();
    for (const wait of [990, 1_980, 3_960, 7_920, 15_840]) await after(wait);
    expect(server.requests).toHaveLength(6);
    // Backing off for up to ~32 s now; the network coming back ends that wait.
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.requests).toHaveLength(7);
    expect(await listSales()).toEqual([]);
  });

  it('keeps a refused sale with its reason and goes on with the next', async () => {
    const ids = await sellOffline(3);
    server.answers.push(
      () => undefined,
      apiError(402, 'FREE_LIMIT_REACHED', 'The free plan allows 100 sales a month.'),
    );
    start();
    await settle(80);
    expect(server.posted()).toEqual(ids);
    expect(await listSales()).toMatchObject([
      {
        clientId: ids[1],
        state: 'refused',
        refusal: { status: 402, code: 'FREE_LIMIT_REACHED', message: 'The free plan allows 100 sales a month.' },
      },
    ]);
  });

  it('keeps a held cart completed on another device (409) in the queue with the reason, never as synced', async () => {
    onlineManager.setOnline(false);
    const code = 'ABCDEFGHJK12';
    const body = {
      ...saleBody(),
      soldAt: '2026-11-24T10:32:56.000Z',
    };
    expect(await submitSale('my-shop', { kind: 'complete', code, body })).toEqual({ kind: 'queued' });
    onlineManager.setOnline(true);
    const message = 'This held sale was already completed, on this or another device.';
    server.answers.push(apiError(409, 'ALREADY_COMPLETED', message), json(200, transaction('other')));
    start();
    await settle(80);
    expect(server.requests.map((r) => r.method)).toEqual(['PUT']);
    // The device's sale time went with it.
    expect(server.requests[0]!.body).toMatchObject({ clientId: body.clientId, soldAt: body.soldAt });
    expect(await listSales()).toMatchObject([
      { state: 'refused', refusal: { status: 409, code: 'ALREADY_COMPLETED', message } },
    ]);
  });

  it('sends a refused sale again on retry, and discards only refused sales', async () => {
    const [a, b] = await sellOffline(2);
    server.answers.push(apiError(404, 'NOT_FOUND', 'No product with this code'), apiError(503, 'DOWN', 'Down'));
    start();
    await settle(40);
    expect(await listSales()).toMatchObject([
      { clientId: a, state: 'refused' },
      { clientId: b, state: 'waiting', lastProblem: 'server' },
    ]);
    await discardSale(b!);
    expect(await listSales()).toHaveLength(2);

    await retrySale(a!);
    await settle(40);
    expect(server.posted()).toEqual([a, b, a, b]);
    expect(await listSales()).toEqual([]);

    const [c] = await sellOffline(1);
    server.answers.push(apiError(404, 'NOT_FOUND', 'No product with this code'));
    wakeSaleSync();
    await settle(40);
    await discardSale(c!);
    expect(await listSales()).toEqual([]);
    expect(server.stored.has(c!)).toBe(false);
  });

  it('pauses on 401 until the user logs in again', async () => {
    const [id] = await sellOffline(1);
    server.answers.push(apiError(401, 'UNAUTHORIZED', 'Session expired'));
    start();
    await settle();
    await after(10 * 60_000);
    expect(server.requests).toHaveLength(1);
    expect(await listSales()).toMatchObject([{ clientId: id, lastProblem: 'unauthorized' }]);

    logIn('u1', 'jwt-fresh');
    await settle();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers.Authorization).toBe('Bearer jwt-fresh');
    expect(await listSales()).toEqual([]);
  });

  it("never sends another user's sales", async () => {
    logIn('u2');
    const [theirs] = await sellOffline(1, 'their-shop');
    logIn('u1');
    const [mine] = await sellOffline(1);
    start();
    await settle(40);
    expect(server.posted()).toEqual([mine]);
    expect(server.requests[0]!.headers.Authorization).toBe('Bearer jwt-u1');
    expect(await listSales()).toMatchObject([{ clientId: theirs, userId: 'u2', state: 'waiting', attempts: 0 }]);
  });

  it('does not send a sale its own tab is still sending, and takes it over when that tab gives up', async () => {
    start();
    await settle();
    // While the cashier's tab waits for its answer, another tab's new sale wakes the loop.
    server.answers.push(async () => {
      wakeSaleSync();
      await settle(30);
      return 'network-error' as const;
    });
    const body = saleBody();
    expect(await submitSale('my-shop', { kind: 'create', body })).toEqual({ kind: 'queued' });
    onlineManager.setOnline(true);
    await settle(40);
    expect(server.posted()).toEqual([body.clientId, body.clientId]);
    expect(server.maxInFlight).toBe(1);
    expect(await listSales()).toEqual([]);
  });
});
