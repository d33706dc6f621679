import { onlineManager } from '@tanstack/react-query';
import type { CreateCustomerBody } from '@shopdesk/shared';
import { ApiRequestError } from '../lib/api-error.ts';
import { reportUnreachable } from '../lib/connectivity.ts';
import { deviceOwner } from '../lib/device-owner.ts';
import { isTill, useTill } from '../lib/till/till-state.ts';
import { requestPersistentStorage } from './persist-storage.ts';
import { announceQueueChanged, wakeSaleSync } from './queue-events.ts';
import { upsertSale } from './sale-queue-db.ts';
import { noteCustomerSynced } from './customer-ids.ts';

export type QueuedCustomerBody = CreateCustomerBody & { clientId: string };

export type SubmitCustomerResult<T> =
  | { kind: 'stored'; customer: T }
  /** Offline (or no answer): in the device's queue, sent before the sales made after it. */
  | { kind: 'queued' }
  | { kind: 'refused'; error: ApiRequestError };

/** How long the cashier waits for the server before the customer is left to the queue. */
const CREATE_TIMEOUT_MS = 8_000;

/**
 * A customer created at the counter. Online it is posted at once; offline, or when the post gets
 * no answer, it goes in the device's queue (the sale queue, in order, so before any sale that
 * names it) and is sent by the sync loop. The body's clientId makes every resend answer the first
 * customer: created once, whatever the retries. `post` is the counter's call (it reads the answer).
 */
export async function submitCustomer<T extends { id: string }>(
  store: string,
  body: QueuedCustomerBody,
  post: (body: QueuedCustomerBody, signal: AbortSignal) => Promise<T>,
): Promise<SubmitCustomerResult<T>> {
  if (onlineManager.isOnline()) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), CREATE_TIMEOUT_MS);
    try {
      const customer = await post(body, abort.signal);
      await noteCustomerSynced(body.clientId, customer.id);
      return { kind: 'stored', customer };
    } catch (error) {
      // A refusal (a bad phone, the free plan's customers used up) is the cashier's to fix now.
      if (error instanceof ApiRequestError && error.status < 500 && ![401, 408, 429].includes(error.status))
        return { kind: 'refused', error };
      if (!(error instanceof ApiRequestError)) reportUnreachable();
    } finally {
      clearTimeout(timer);
    }
  }
  await queueCustomer(store, body);
  return { kind: 'queued' };
}

/** Writes the customer to the device's queue (durable once this resolves) and wakes the sync loop. */
export async function queueCustomer(store: string, body: QueuedCustomerBody): Promise<void> {
  const userId = deviceOwner();
  if (!userId) throw new Error('queueCustomer needs a logged-in user or a till');
  const till = useTill.getState();
  const tillMember = isTill(till) ? till.memberToken : null;
  await upsertSale({
    clientId: `customer:${body.clientId}`,
    userId,
    ...(tillMember ? { tillMember } : {}),
    store,
    request: { kind: 'customer', body },
    preview: null,
    queuedAt: Date.now(),
    state: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    lastProblem: null,
    refusal: null,
    leaseUntil: 0,
  });
  announceQueueChanged();
  requestPersistentStorage();
  wakeSaleSync();
}
