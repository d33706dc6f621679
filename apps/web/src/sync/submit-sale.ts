import { onlineManager } from '@tanstack/react-query';
import type { ShopTransaction } from '@shopdesk/shared';
import type { ApiRequestError } from '../lib/api-error.ts';
import { reportUnreachable } from '../lib/connectivity.ts';
import { deviceOwner } from '../lib/device-owner.ts';
import { isTill, useTill } from '../lib/till/till-state.ts';
import { requestPersistentStorage } from './persist-storage.ts';
import { announceQueueChanged, wakeSaleSync } from './queue-events.ts';
import { deleteSale, listSales, updateSale, upsertSale, type SalePreview, type SaleRequest } from './sale-queue-db.ts';
import { sendQueuedSale } from './send-sale.ts';

/** How long the cashier waits for the server before the sale is left to the sync loop. */
export const SUBMIT_TIMEOUT_MS = 8_000;

export type SubmitSaleResult =
  /** The server stored it; this is its answer. The queue no longer holds it. */
  | { kind: 'stored'; sale: ShopTransaction }
  /** Safely on this device; the sync loop sends it when it can. The sale is done for the cashier. */
  | { kind: 'queued' }
  /**
   * The server refused it (400 PAYMENT_SHORT, 402 FREE_LIMIT_REACHED, a deleted product...). The
   * queue no longer holds it: the cart is still on screen for the cashier to fix.
   */
  | { kind: 'refused'; error: ApiRequestError }
  /**
   * An online-only sale (a gift card sold or spent) that did not get the server's answer: it is not
   * in the queue, the cart is still on screen. `offline`: never sent; `noAnswer`: sent, unanswered
   * (the server may hold it: the same clientId sent again is answered with it, never stored twice).
   */
  | { kind: 'needsConnection'; why: 'offline' | 'noAnswer' };

/** The queue key of a request: the sale's clientId, or one key per held cart being completed. */
export function queueKeyOf(store: string, request: SaleRequest): string {
  if (request.kind === 'customer') return `customer:${request.body.clientId}`;
  return request.kind === 'create' ? request.body.clientId : `complete:${store.toLowerCase()}:${request.code}`;
}

/**
 * Every sale the counter finishes goes through here. It is written to IndexedDB first (the
 * promise waits for the commit), so once this resolves the sale survives a reload, a crash or a
 * closed tab. On a till it keeps the token of the member who made it. Then, when online and no
 * older sale of this user (or till) is still waiting (sales reach the
 * server in order), it is sent at once with a timeout; whatever does not get an answer is left to
 * the sync loop.
 */
export async function submitSale(
  store: string,
  request: SaleRequest,
  opts: {
    preview?: SalePreview;
    timeoutMs?: number;
    /**
     * A sale the server must take now or not at all (it sells or spends a gift card or store
     * credit, issue 43): it is never left to the sync loop to send later, when a card's balance
     * may be gone and the customer with it. It is still written first, so a crash mid-send leaves
     * its clientId for a resend.
     */
    onlineOnly?: boolean;
  } = {},
): Promise<SubmitSaleResult> {
  const userId = deviceOwner();
  if (!userId) throw new Error('submitSale needs a logged-in user or a till');
  const till = useTill.getState();
  const tillMember = isTill(till) ? till.memberToken : null;
  const clientId = queueKeyOf(store, request);
  const timeoutMs = opts.timeoutMs ?? SUBMIT_TIMEOUT_MS;

  const olderWaiting = (await listSales()).some(
    (e) => e.userId === userId && e.state === 'waiting' && e.clientId !== clientId,
  );
  // An online-only sale goes ahead of older waiting sales: it cannot wait for them.
  const sendNow = onlineManager.isOnline() && (!olderWaiting || opts.onlineOnly === true);
  if (opts.onlineOnly && !sendNow) return { kind: 'needsConnection', why: 'offline' };
  const entry = await upsertSale({
    clientId,
    userId,
    ...(tillMember ? { tillMember } : {}),
    store,
    request,
    preview: opts.preview ?? null,
    queuedAt: Date.now(),
    state: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    lastProblem: null,
    refusal: null,
    leaseUntil: sendNow ? Date.now() + timeoutMs + 2_000 : 0,
  });
  announceQueueChanged();
  if (!sendNow) return leaveToLoop();

  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const outcome = await sendQueuedSale(entry, { signal: abort.signal, handleUnauthorized: true });
  clearTimeout(timer);

  switch (outcome.kind) {
    case 'synced':
      if (!outcome.sale) break; // stored, but unreadable: the loop's resend reads the first result
      await deleteSale(clientId);
      announceQueueChanged();
      return { kind: 'stored', sale: outcome.sale };
    case 'refused':
      await deleteSale(clientId);
      announceQueueChanged();
      return { kind: 'refused', error: outcome.error };
    case 'retry':
      if (outcome.problem === 'network') reportUnreachable();
      break;
    case 'unauthorized':
      break;
  }
  // Stored but unreadable (synced, no sale) is stored: the loop reads its first result as for any sale.
  if (opts.onlineOnly && outcome.kind !== 'synced') {
    await deleteSale(clientId);
    announceQueueChanged();
    return { kind: 'needsConnection', why: 'noAnswer' };
  }
  await updateSale(clientId, (e) => ({
    ...e,
    leaseUntil: 0,
    attempts: e.attempts + 1,
    lastAttemptAt: Date.now(),
    lastProblem: outcome.kind === 'retry' ? outcome.problem : outcome.kind === 'unauthorized' ? 'unauthorized' : null,
  }));
  announceQueueChanged();
  return leaveToLoop();
}

function leaveToLoop(): SubmitSaleResult {
  requestPersistentStorage();
  wakeSaleSync();
  return { kind: 'queued' };
}
