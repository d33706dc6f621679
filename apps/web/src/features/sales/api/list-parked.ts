import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopTransaction } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { salesKeys } from './keys.ts';

/** The store's held carts (parked at the counter, not paid, no stock moved). */
export function listParked(store: string, signal?: AbortSignal) {
  return secureApi.request<ShopTransaction[]>('/api/secure/shop/transaction/parked', { store, signal });
}

export const parkedQuery = (store: string) =>
  queryOptions({
    queryKey: salesKeys.parked(store),
    queryFn: ({ signal }) => listParked(store, signal),
    // Another till may park or complete a cart at any moment.
    staleTime: 0,
  });

export function useParkedCarts(store: string) {
  return useQuery(parkedQuery(store));
}
