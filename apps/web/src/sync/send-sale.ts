import { ErrorCode, type ShopTransaction } from '@shopdesk/shared';
import { secureApi } from '../lib/api-client.ts';
import { ApiRequestError, ContractError, NetworkError } from '../lib/api-error.ts';
import type { QueuedSale, SaleRefusal, SyncProblem } from './sale-queue-db.ts';
import { noteCustomerSynced, resolveCustomer } from './customer-ids.ts';

/** What one attempt to send a queued sale came to. */
export type SendOutcome =
  /** The server holds the sale. `sale` is null when its answer could not be read (it is stored all the same). */
  | { kind: 'synced'; sale: ShopTransaction | null }
  /** The server refused this sale; sending it again unchanged would be refused again. */
  | { kind: 'refused'; refusal: SaleRefusal; error: ApiRequestError }
  /** Not this time: no connection, a timeout, the server failing or busy. Try again later. */
  | { kind: 'retry'; problem: Exclude<SyncProblem, 'unauthorized'>; retryAfterMs: number | null }
  /** The session is not valid any more: nothing can be sent until the user logs in again. */
  | { kind: 'unauthorized' };

const TRANSACTION_PATH = '/api/secure/shop/transaction';
const CUSTOMER_PATH = '/api/secure/customer';

/** A sale naming a customer created on this device that never reached the server. */
function customerNotSynced(): SendOutcome {
  const body = { code: 'CUSTOMER_NOT_SYNCED', message: 'The customer of this sale was not saved on the server' };
  const error = new ApiRequestError(404, 'Not Found', body);
  return { kind: 'refused', refusal: refusalOf(error), error };
}

function refusalOf(error: ApiRequestError): SaleRefusal {
  const api = error.apiError;
  return {
    status: error.status,
    code: api?.code ?? null,
    message: api?.message ?? error.message,
    ...(api?.details ? { details: api.details } : {}),
  };
}

/** Sorts a failed call into "try again later", "log in again" and "refused". */
function classify(error: unknown): SendOutcome {
  if (error instanceof ApiRequestError) {
    // The member token the sale was made with no longer holds (their PIN changed, they left): this
    // sale cannot be recorded under them; the till itself and the sales after it are fine.
    if (error.status === 401 && error.code === ErrorCode.TILL_LOCKED)
      return { kind: 'refused', refusal: refusalOf(error), error };
    if (error.status === 401) return { kind: 'unauthorized' };
    if (error.status === 408) return { kind: 'retry', problem: 'timeout', retryAfterMs: null };
    if (error.status === 429) return { kind: 'retry', problem: 'busy', retryAfterMs: error.retryAfterMs };
    if (error.status >= 500) return { kind: 'retry', problem: 'server', retryAfterMs: error.retryAfterMs };
    return { kind: 'refused', refusal: refusalOf(error), error };
  }
  // A 2xx whose body is not what the contract says: the server stored the sale all the same.
  if (error instanceof ContractError) return { kind: 'synced', sale: null };
  if (error instanceof DOMException && error.name === 'AbortError')
    return { kind: 'retry', problem: 'timeout', retryAfterMs: null };
  if (error instanceof NetworkError) return { kind: 'retry', problem: 'network', retryAfterMs: null };
  console.error('Unexpected failure sending a queued sale', error);
  return { kind: 'retry', problem: 'server', retryAfterMs: null };
}

/**
 * Sends one queued sale once and says what came of it; it never throws. The clientId makes a
 * repeated create or completion harmless (the server answers the first result). `onUnauthorized` false leaves a
 * 401 to the caller (the background loop pauses instead of logging the user out mid-sale).
 */
export async function sendQueuedSale(
  entry: QueuedSale,
  opts: { signal: AbortSignal; handleUnauthorized?: boolean },
): Promise<SendOutcome> {
  const common = {
    store: entry.store,
    signal: opts.signal,
    handleUnauthorized: opts.handleUnauthorized ?? false,
    // On a till, the member who made it, not whoever is unlocked now.
    tillMember: entry.tillMember ?? null,
  };
  try {
    if (entry.request.kind === 'customer') {
      // Before the sales that name it (the queue sends in order); its clientId makes a resend
      // answer the first customer, so it is created once.
      const created = await secureApi.request<{ id: string }>(CUSTOMER_PATH, {
        ...common,
        method: 'POST',
        body: entry.request.body,
      });
      await noteCustomerSynced(entry.request.body.clientId, created.id);
      return { kind: 'synced', sale: null };
    }
    const { request, unresolved } = await resolveCustomer(entry.request);
    if (unresolved) return customerNotSynced();
    const sale =
      request.kind === 'create'
        ? await secureApi.request<ShopTransaction>(TRANSACTION_PATH, { ...common, method: 'POST', body: request.body })
        : await secureApi.request<ShopTransaction>(`${TRANSACTION_PATH}/${encodeURIComponent(request.code)}`, {
            ...common,
            method: 'PUT',
            body: request.body,
          });
    return { kind: 'synced', sale };
  } catch (error) {
    // A 409 is a refusal like any other: ALREADY_COMPLETED (another device completed this held
    // cart) or CLIENT_ID_REUSED. The sale stays in the queue with the reason; a resend of this
    // sale's own completion is answered 200 by the server, so no read-back is needed.
    return classify(error);
  }
}
