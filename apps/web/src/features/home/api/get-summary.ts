import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** The store's catalogue at a glance: product count, stock value at cost and price, low-stock count. */
export function getSummary(store: string) {
  return secureApi.request<ProductSummary>('/api/secure/product/summary', { store });
}

export const summaryQuery = (store: string) =>
  queryOptions({
    // Under the products feature's ['products', store] prefix on purpose: every product change
    // there invalidates that prefix, so these figures follow saves, imports and stock counts.
    queryKey: ['products', store, 'summary'],
    queryFn: () => getSummary(store),
  });

export function useSummary(store: string) {
  return useQuery(summaryQuery(store));
}
