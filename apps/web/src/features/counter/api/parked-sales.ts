import { useQuery } from '@tanstack/react-query';
import type { ShopTransaction, UpdateTransactionBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { counterKeys } from './keys.ts';

/** Held carts, newest first, for the counter's "Held carts" drawer. */
export function useParkedSales(store: string, enabled: boolean) {
  return useQuery({
    queryKey: counterKeys.parked(store),
    queryFn: () => secureApi.request<ShopTransaction[]>('/api/secure/shop/transaction/parked', { store }),
    enabled,
  });
}

/** One sale by code: a held cart reopened at /shop/counter/{code}. */
export function useSale(store: string, code: string | undefined) {
  return useQuery({
    queryKey: counterKeys.sale(store, code ?? ''),
    queryFn: () =>
      secureApi.request<ShopTransaction>(`/api/secure/shop/transaction/${encodeURIComponent(code ?? '')}`, {
        store,
      }),
    enabled: Boolean(code),
    staleTime: 0,
  });
}

/** Saves a reopened held cart's new contents, still held. */
export function updateParkedSale(store: string, code: string, body: UpdateTransactionBody) {
  return secureApi.request<ShopTransaction>(`/api/secure/shop/transaction/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body,
    store,
  });
}
