import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerStoredValue } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';

/** The customer's store credit and its entries (`GET /stored-value/customer/{id}`); the account is null until a refund paid into it. */
export function getStoreCredit(store: string, id: string, signal?: AbortSignal) {
  return secureApi.request<CustomerStoredValue>(`/api/secure/stored-value/customer/${encodeURIComponent(id)}`, {
    store,
    signal,
  });
}

export const storeCreditQuery = (store: string, id: string) =>
  queryOptions({
    queryKey: customerKeys.storeCredit(store, id),
    queryFn: ({ signal }) => getStoreCredit(store, id, signal),
    // Spent or paid in at the counter a moment ago: ask again on opening.
    staleTime: 0,
  });

export function useStoreCredit(store: string, id: string) {
  return useQuery(storeCreditQuery(store, id));
}
