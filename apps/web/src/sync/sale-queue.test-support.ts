import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import type { CreateTransactionBody, LoggedUser, ShopTransaction } from '@shopdesk/shared';
import { useSession } from '../lib/session-store.ts';
import { useTill } from '../lib/till/till-state.ts';
import { closeQueueChannelForTests } from './queue-events.ts';
import { resetSaleQueueDbForTests } from './sale-queue-db.ts';

/** Lets IndexedDB (fake-indexeddb runs on setImmediate, which tests never fake) and promises finish. */
export async function settle(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function logIn(userId: string, jwt = `jwt-${userId}`): void {
  const user = { userId, email: `${userId}@example.com`, name: userId, locale: 'en-US' } as LoggedUser;
  useSession.getState().login(jwt, user);
}

/** This device is the till `till-1` of my-shop, with `userId` unlocked on it under `memberToken`. */
export function onTill(userId: string, memberToken: string): void {
  useSession.getState().clearSession();
  const till = useTill.getState();
  if (!till.tillToken) till.become({ store: 'my-shop', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' });
  useTill
    .getState()
    .unlock({ userId, name: userId, role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 }, memberToken);
}

export function saleBody(overrides: Partial<CreateTransactionBody> = {}): CreateTransactionBody {
  return {
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code: '4901234567894', quantity: 1 }],
    payment: { method: 'CASH', currency: 'JPY', amount: 1000 },
    ...overrides,
  };
}

/** A sale as the server answers it (only the fields the queue looks at matter). */
export function transaction(clientId: string, status: ShopTransaction['status'] = 'COMPLETED'): ShopTransaction {
  const now = new Date().toISOString();
  return {
    id: `t-${clientId}`,
    code: 'ABCDEFGHJK12',
    clientId,
    status,
    soldAt: now,
    createdAt: now,
    updatedAt: now,
    completedAt: status === 'PARKED' ? null : now,
    currency: 'JPY',
    secondCurrency: null,
    rate: null,
    taxMode: 'INCLUSIVE',
    lines: [],
    discount: null,
    gross: 1000,
    lineDiscounts: 0,
    cartDiscount: 0,
    taxes: [],
    tax: 0,
    total: 1000,
    rounding: 0,
    due: 1000,
    payments: [],
    changeInMain: 0,
    refunds: [],
    refundedAmount: 0,
    note: '',
  } as ShopTransaction;
}

export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A function answering undefined lets the server answer as usual. */
type Answered = Response | 'network-error' | undefined;
export type Answer = Response | 'network-error' | ((req: SeenRequest) => Answered | Promise<Answered>);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const apiError = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  json(status, { code, message }, headers);

/**
 * The server at the fetch boundary, idempotent on clientId like the real one: `stored` holds each
 * sale it wrote. `answers` is consumed one per request first (to make a request fail); after that
 * a sale is stored and answered 201, or 200 with the first result for a clientId seen before.
 */
export function fakeServer() {
  const stored = new Map<string, ShopTransaction>();
  const requests: SeenRequest[] = [];
  const answers: Answer[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    requests.push(req);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await settle(2); // an answer takes a moment, so overlapping senders would overlap here
      const next = answers.shift();
      const answer = typeof next === 'function' ? await next(req) : next;
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer) return answer;
      const body = req.body as { clientId: string };
      const first = stored.get(body.clientId);
      if (first) return json(200, first);
      const sale = transaction(body.clientId);
      stored.set(body.clientId, sale);
      return json(201, sale);
    } finally {
      inFlight -= 1;
    }
  });
  return {
    stored,
    requests,
    answers,
    fetchMock,
    get maxInFlight() {
      return maxInFlight;
    },
    /** The clientIds of the POSTs, in the order they were sent. */
    posted: () => requests.filter((r) => r.method === 'POST').map((r) => (r.body as { clientId: string }).clientId),
  };
}

/** A fresh device: empty queue, nobody logged in, no till, online, a new server. */
export async function freshDevice() {
  closeQueueChannelForTests();
  await resetSaleQueueDbForTests();
  useSession.getState().clearSession();
  useTill.getState().forget();
  onlineManager.setOnline(true);
  const server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}
