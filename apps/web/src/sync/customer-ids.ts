import { get, set } from 'idb-keyval';
import { LOCAL_CUSTOMER_PREFIX, type SaleOnlyRequest } from './sale-queue-db.ts';

/**
 * The server ids of customers created on this device while offline, by their clientId: written
 * when the queued customer syncs, read when a sale that named it (`local:{clientId}`) is sent, so
 * a sale queued before or after that moment reaches the server with the real id.
 */
const key = (clientId: string) => `customer-id:${clientId}`;

export function noteCustomerSynced(clientId: string, id: string): Promise<void> {
  return set(key(clientId), id);
}

export async function syncedCustomerId(clientId: string): Promise<string | null> {
  return (await get<string>(key(clientId))) ?? null;
}

/**
 * The request with its local customer id replaced by the server's; `unresolved` when the customer
 * has not synced (refused, or discarded from the queue): the sale cannot name it.
 */
export async function resolveCustomer(
  request: SaleOnlyRequest,
): Promise<{ request: SaleOnlyRequest; unresolved: boolean }> {
  const id = request.body.customerId;
  if (!id?.startsWith(LOCAL_CUSTOMER_PREFIX)) return { request, unresolved: false };
  const synced = await syncedCustomerId(id.slice(LOCAL_CUSTOMER_PREFIX.length));
  if (!synced) return { request, unresolved: true };
  return {
    request: { ...request, body: { ...request.body, customerId: synced } } as SaleOnlyRequest,
    unresolved: false,
  };
}
