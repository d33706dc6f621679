import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** The stock on hand valued at cost and at price (one SUM over the store's products, on the server). */
export function getStockValue(store: string, signal?: AbortSignal) {
  return secureApi.request<ProductSummary>('/api/secure/product/summary', { store, signal });
}

export const stockValueQuery = (store: string) =>
  queryOptions({
    // Under the products' ['products', store] prefix: every product change there refreshes it.
    queryKey: ['products', store, 'summary'],
    queryFn: ({ signal }) => getStockValue(store, signal),
  });

export function useStockValue(store: string) {
  return useQuery(stockValueQuery(store));
}
