import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreExchangeRate, VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { receiptKeys } from './keys.ts';

/** The store whose template is edited (its name, address, phone, currencies for the preview). */
export const editedStoreQuery = (store: string) =>
  queryOptions({
    queryKey: receiptKeys.store(store),
    queryFn: ({ signal }) => secureApi.request<VirtualStore>('/api/secure/virtual-store/current', { store, signal }),
  });

export function useEditedStore(store: string) {
  return useQuery(editedStoreQuery(store));
}

/** The store's main → second rate, for the sample receipt's second-currency total. */
export function useStoreRate(store: string, enabled: boolean) {
  return useQuery({
    queryKey: receiptKeys.rate(store),
    queryFn: ({ signal }) =>
      secureApi.request<StoreExchangeRate>(`/api/secure/virtual-store/${encodeURIComponent(store)}/exchange-rate`, {
        store,
        signal,
      }),
    enabled,
  });
}
