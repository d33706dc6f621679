import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { useTill } from '../lib/till/till-state.ts';
import { listSales } from './sale-queue-db.ts';
import { submitSale } from './submit-sale.ts';
import { startSaleSync } from './sync-loop.ts';
import { pendingSaleCount } from './use-sale-queue.ts';
import { apiError, freshDevice, onTill, saleBody, settle, type fakeServer } from './sale-queue.test-support.ts';

/*
 * Sales made on a till (product.md §2, who did what): queued under the till, each with the member
 * token of who made it, and sent with that token whoever is unlocked when they sync.
 */

let server: ReturnType<typeof fakeServer>;
const stops: (() => void)[] = [];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  server = await freshDevice();
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function sellOffline(): Promise<string> {
  onlineManager.setOnline(false);
  const body = saleBody();
  expect(await submitSale('my-shop', { kind: 'create', body })).toEqual({ kind: 'queued' });
  onlineManager.setOnline(true);
  return body.clientId;
}

describe('a sale made on a till', () => {
  it('is queued under the till with its member’s token, and synced with it after another member unlocked', async () => {
    onTill('ben-id', 'ben-token');
    const bens = await sellOffline();
    onTill('mia-id', 'mia-token');
    const mias = await sellOffline();
    expect(await listSales()).toMatchObject([
      { clientId: bens, userId: 'till-till-1', tillMember: 'ben-token' },
      { clientId: mias, userId: 'till-till-1', tillMember: 'mia-token' },
    ]);
    expect(await pendingSaleCount()).toBe(2);
    stops.push(startSaleSync({ random: () => 0.5 }));
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(server.posted()).toEqual([bens, mias]);
    const sent = server.requests.map((r) => [
      r.headers.Authorization,
      r.headers['X-Store'],
      r.headers['x-till-member'],
    ]);
    expect(sent).toEqual([
      ['Bearer till-token', 'my-shop', 'ben-token'],
      ['Bearer till-token', 'my-shop', 'mia-token'],
    ]);
    expect(await listSales()).toEqual([]);
  });

  it('whose member token no longer holds is kept as refused, and the till’s next sales still go', async () => {
    onTill('ben-id', 'stale-token');
    const bens = await sellOffline();
    onTill('mia-id', 'mia-token');
    const mias = await sellOffline();
    server.answers.push(apiError(401, 'TILL_LOCKED', 'Unlock the till with a PIN'));
    stops.push(startSaleSync({ random: () => 0.5 }));
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(server.posted()).toEqual([bens, mias]);
    expect(await listSales()).toMatchObject([{ clientId: bens, state: 'refused', refusal: { code: 'TILL_LOCKED' } }]);
    // Mia stays unlocked: the refused token was the queued sale's, not hers.
    expect(useTill.getState().memberToken).toBe('mia-token');
  });

  it('of a till the owner turned off waits: nothing more is sent with a revoked token', async () => {
    onTill('ben-id', 'ben-token');
    await sellOffline();
    await sellOffline();
    server.answers.push(apiError(401, 'TILL_REVOKED', 'This till was turned off'));
    stops.push(startSaleSync({ random: () => 0.5 }));
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(useTill.getState()).toMatchObject({ revoked: true, tillToken: null });
    expect(await listSales()).toHaveLength(2);
  });
});
