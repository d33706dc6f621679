import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopTransaction, UpdateTransactionBody, VoidParkedBody } from '@shopdesk/shared';
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

/** `POST /shop/transaction/{code}/void`: throws a held cart away (VOID_PARKED); the held list reloads. */
export function useVoidParkedSale(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: VoidParkedBody }) =>
      secureApi.request<null>(`/api/secure/shop/transaction/${encodeURIComponent(code)}/void`, {
        method: 'POST',
        body,
        store,
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: counterKeys.parked(store) }),
  });
}
