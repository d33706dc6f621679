import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StockMovementWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys, productPath } from './keys.ts';

/**
 * One window of a product's stock ledger, newest first. Keyed under the store's products (not
 * under the product's `code` key), so every stock change, which refreshes the product lists,
 * refreshes the history too.
 */
export const movementsQuery = (store: string, code: string, page: number, size: number) =>
  queryOptions({
    queryKey: [...productKeys.all(store), 'movements', code, page, size] as const,
    queryFn: ({ signal }) =>
      secureApi.request<StockMovementWindow>(`${productPath(code)}/movements/window/${page}/${size}`, {
        store,
        signal,
      }),
    placeholderData: keepPreviousData,
    // The ledger moves with every sale: opening the history always asks the server.
    staleTime: 0,
  });

export function useMovements(store: string, code: string, page: number, size: number, enabled = true) {
  return useQuery({ ...movementsQuery(store, code, page, size), enabled });
}
