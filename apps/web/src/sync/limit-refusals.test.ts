import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { defaultSubscriptionStatus, type SubscriptionStatus } from '@shopdesk/shared';
import { installSubscriptionStatusRefresh, refreshSubscriptionStatus } from '../lib/subscription-status.ts';
import { useSession } from '../lib/session-store.ts';
import { requeueLimitRefusals } from './limit-refusals.ts';
import { listSales } from './sale-queue-db.ts';
import { submitSale } from './submit-sale.ts';
import { startSaleSync } from './sync-loop.ts';
import { apiError, freshDevice, json, logIn, saleBody, settle, type fakeServer } from './sale-queue.test-support.ts';

let server: ReturnType<typeof fakeServer>;
const stops: (() => void)[] = [];
const limitReached = () => apiError(402, 'FREE_LIMIT_REACHED', 'The free plan allows 3 sales a month.');
const status = (over: Partial<SubscriptionStatus>): SubscriptionStatus => ({
  ...defaultSubscriptionStatus(),
  freeTransactionLimit: 3,
  shopTransactionCount: 3,
  freeLimitHasReached: true,
  ...over,
});

beforeEach(async () => {
  server = await freshDevice();
  logIn('u1');
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

async function sellOffline(n: number): Promise<string[]> {
  onlineManager.setOnline(false);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = saleBody();
    ids.push(body.clientId);
    expect(await submitSale('my-shop', { kind: 'create', body })).toEqual({ kind: 'queued' });
  }
  onlineManager.setOnline(true);
  return ids;
}

/** Waits (real time) until `check` passes. */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

describe('sales refused for the free limit', () => {
  it('stay in the queue with the reason, and are not sent again while the limit holds', async () => {
    const ids = await sellOffline(2);
    server.answers.push(limitReached(), limitReached());
    stops.push(startSaleSync());
    await until(async () => (await listSales()).every((e) => e.state === 'refused'));
    expect(await listSales()).toMatchObject(
      ids.map((clientId) => ({ clientId, state: 'refused', refusal: { status: 402, code: 'FREE_LIMIT_REACHED' } })),
    );
    expect(await requeueLimitRefusals(status({}))).toBe(0);
    await settle();
    expect(server.posted()).toEqual(ids);
    expect((await listSales()).map((e) => e.state)).toEqual(['refused', 'refused']);
  });

  it('go back in line and reach the server once a fresh status shows room (an upgrade)', async () => {
    const ids = await sellOffline(2);
    const other = await sellOffline(1);
    server.answers.push(limitReached(), limitReached(), apiError(404, 'NOT_FOUND', 'No product with this code'));
    stops.push(startSaleSync());
    await until(async () => (await listSales()).every((e) => e.state === 'refused'));

    // The status read after the upgrade: premium, no limit. The refresh goes through the write
    // observer's path (fetch into the cache, then the session and the listeners).
    server.answers.push(json(200, status({ freeTransactionLimit: null, freeLimitHasReached: false })));
    installSubscriptionStatusRefresh(new QueryClient());
    refreshSubscriptionStatus(0);
    await until(async () => (await listSales()).length === 1);
    expect(useSession.getState().subscriptionStatus.freeTransactionLimit).toBeNull();
    expect([...server.stored.keys()].sort()).toEqual([...ids].sort());
    // A sale refused for another reason stays refused: sending it again would be refused again.
    expect(await listSales()).toMatchObject([{ clientId: other[0], state: 'refused', refusal: { status: 404 } }]);
  });
});
