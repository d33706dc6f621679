import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import type { LoggedUser } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { listDifferences, resetCargoQueueDbForTests } from './difference-queue-db.ts';
import {
  flushDifferences,
  getSnapshot,
  onOutcome,
  queueDifference,
  resetDifferenceQueueForTests,
  startDifferenceSync,
  type DifferenceOutcome,
} from './difference-queue.ts';

/** Lets IndexedDB (fake-indexeddb runs on setImmediate) and promises finish. */
async function settle(rounds = 40): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

function logIn(userId: string, jwt = `jwt-${userId}`): void {
  useSession
    .getState()
    .login(jwt, { userId, email: `${userId}@example.com`, name: userId, locale: 'en-US' } as LoggedUser);
}

const CONTENT = '0b4c8a7e-6a0e-4f57-9d38-3f1f2a9a0c11';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Seen {
  url: string;
  clientId: string;
  difference: number;
}

/**
 * The difference endpoint at the fetch boundary, idempotent on clientId like the real one: it keeps
 * the content's quantity and the clientIds it applied. `answers` are used first, one per request.
 */
function fakeServer(start = 0) {
  let quantity = start;
  const applied = new Set<string>();
  const seen: Seen[] = [];
  const answers: Array<'network-error' | 'lose-answer' | Response> = [];
  const fetchMock = vi.fn(async (url: string) => {
    const match = /\/quantity\/(\d+)\/difference\/(-?\d+)\?clientId=([\w-]+)/.exec(url)!;
    const [updatedQuantity, difference, clientId] = [Number(match[1]), Number(match[2]), match[3]!];
    seen.push({ url, clientId, difference });
    await settle(2);
    const next = answers.shift();
    if (next === 'network-error') throw new TypeError('Failed to fetch');
    if (next instanceof Response) return next;
    const replayed = applied.has(clientId);
    if (!replayed) {
      if (quantity + difference < 0)
        return json(409, { code: 'CONFLICT', message: 'A quantity cannot go below zero.' });
      quantity += difference;
      applied.add(clientId);
    }
    // The change is stored, but its answer never reaches the device.
    if (next === 'lose-answer') throw new TypeError('Failed to fetch');
    return json(200, { quantity, conflict: quantity !== updatedQuantity, replayed });
  });
  return {
    fetchMock,
    seen,
    answers,
    get quantity() {
      return quantity;
    },
  };
}

let server: ReturnType<typeof fakeServer>;
let stop: (() => void) | null = null;
const change = (difference: number, updatedQuantity: number, cargoCode = 'K7M2Q9XA') => ({
  store: 'corner',
  cargoCode,
  contentId: CONTENT,
  code: '4901234567894',
  name: 'Green tea',
  difference,
  updatedQuantity,
});

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  resetDifferenceQueueForTests();
  await resetCargoQueueDbForTests();
  useSession.getState().clearSession();
  onlineManager.setOnline(true);
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
  logIn('u1');
});
afterEach(() => {
  stop?.();
  stop = null;
  resetDifferenceQueueForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the cargo difference queue', () => {
  it('keeps changes made offline on the device and sends them, in order, once back online', async () => {
    stop = startDifferenceSync();
    await settle();
    onlineManager.setOnline(false);
    await queueDifference(change(2, 2));
    await queueDifference(change(3, 5));
    await queueDifference(change(-1, 4));
    await settle();
    expect(server.seen).toEqual([]);
    // Durable: the three changes are in IndexedDB, in the order they were made.
    expect((await listDifferences()).map((e) => e.difference)).toEqual([2, 3, -1]);
    expect(getSnapshot()).toHaveLength(3);

    onlineManager.setOnline(true);
    await settle(120);
    expect(server.seen.map((s) => s.difference)).toEqual([2, 3, -1]);
    expect(server.quantity).toBe(4);
    expect(await listDifferences()).toEqual([]);
    expect(getSnapshot()).toEqual([]);
  });

  it('a change whose answer was lost is sent again with the same clientId and applied once', async () => {
    const outcomes: DifferenceOutcome[] = [];
    onOutcome((o) => outcomes.push(o));
    stop = startDifferenceSync();
    await settle();
    server.answers.push('lose-answer');
    await queueDifference(change(5, 5));
    await settle(60);
    expect(server.quantity).toBe(5); // applied, but the device does not know it
    expect(await listDifferences()).toHaveLength(1);

    // The lost answer marked the app offline; the health probe (or the browser) brings it back.
    expect(onlineManager.isOnline()).toBe(false);
    onlineManager.setOnline(true);
    await settle(60);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[0]!.clientId).toBe(server.seen[1]!.clientId);
    expect(server.quantity).toBe(5);
    expect(await listDifferences()).toEqual([]);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ kind: 'synced', result: { quantity: 5, replayed: true } });
  });

  it('a network failure leaves the change waiting; the connection coming back sends it', async () => {
    stop = startDifferenceSync();
    await settle();
    server.answers.push('network-error');
    await queueDifference(change(1, 1));
    await settle(60);
    expect(server.quantity).toBe(0);
    expect(onlineManager.isOnline()).toBe(false); // the failed call marked the app offline
    expect(await listDifferences()).toHaveLength(1);
    onlineManager.setOnline(true);
    await settle(60);
    expect(server.quantity).toBe(1);
    expect(await listDifferences()).toEqual([]);
  });

  it('a server failure is tried again after a backoff, without losing the change', async () => {
    server.answers.push(json(503, { code: 'UNAVAILABLE', message: 'Try again.' }));
    await queueDifference(change(3, 3));
    await settle(60);
    expect(server.quantity).toBe(0);
    expect(await listDifferences()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000); // the first backoff's ceiling
    await settle(60);
    expect(server.seen).toHaveLength(2);
    expect(server.quantity).toBe(3);
    expect(await listDifferences()).toEqual([]);
  });

  it('a refused change (below zero) is dropped and reported, and the next ones still go', async () => {
    const outcomes: DifferenceOutcome[] = [];
    onOutcome((o) => outcomes.push(o));
    onlineManager.setOnline(false);
    await queueDifference(change(-2, 0));
    await queueDifference(change(4, 4));
    onlineManager.setOnline(true);
    await flushDifferences();
    await settle(60);
    expect(outcomes.map((o) => o.kind)).toEqual(['refused', 'synced']);
    expect(outcomes[0]).toMatchObject({ kind: 'refused', error: { status: 409 } });
    expect(server.quantity).toBe(4);
    expect(await listDifferences()).toEqual([]);
  });

  it('reports a conflict when another device counted meanwhile', async () => {
    server = fakeServer(10);
    vi.stubGlobal('fetch', server.fetchMock);
    const outcomes: DifferenceOutcome[] = [];
    onOutcome((o) => outcomes.push(o));
    await queueDifference(change(1, 1)); // this device thought the line held 0
    await settle(60);
    expect(outcomes[0]).toMatchObject({ kind: 'synced', result: { quantity: 11, conflict: true } });
  });

  it('a 401 waits for a new login, and only the logged-in user’s changes are sent', async () => {
    stop = startDifferenceSync();
    await settle();
    server.answers.push(json(401, { code: 'UNAUTHORIZED', message: 'Please log in again.' }));
    await queueDifference(change(1, 1));
    await settle(60);
    expect(server.seen).toHaveLength(1);
    expect(await listDifferences()).toHaveLength(1);
    await flushDifferences(); // paused: nothing is sent with the refused token
    await settle(20);
    expect(server.seen).toHaveLength(1);

    logIn('u2', 'jwt-u2');
    await settle(60);
    expect(server.seen).toHaveLength(1); // u1's change waits for u1
    logIn('u1', 'jwt-u1-again');
    await settle(60);
    expect(server.seen).toHaveLength(2);
    expect(server.quantity).toBe(1);
    expect(await listDifferences()).toEqual([]);
  });

  it('changes queued while a send runs are sent by the same run', async () => {
    const first = queueDifference(change(1, 1));
    const second = queueDifference(change(1, 2));
    await Promise.all([first, second]);
    await settle(80);
    expect(server.quantity).toBe(2);
    expect(await listDifferences()).toEqual([]);
  });
});
