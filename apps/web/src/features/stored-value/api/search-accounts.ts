import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredValueFilter, StoredValueWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { storedValueKeys } from './keys.ts';

/**
 * One window of the store's cards and store credits (0-based page), found by code, customer (name,
 * phone, member code), kind and status (`GET /stored-value/search/window/{page}/{size}`, REPORTS).
 */
export function searchAccounts(
  store: string,
  page: number,
  size: number,
  filter: StoredValueFilter,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.status) params.set('status', filter.status);
  const query = params.size ? `?${params}` : '';
  return secureApi.request<StoredValueWindow>(`/api/secure/stored-value/search/window/${page}/${size}${query}`, {
    store,
    signal,
  });
}

export const accountWindowQuery = (store: string, page: number, size: number, filter: StoredValueFilter) =>
  queryOptions({
    queryKey: storedValueKeys.window(store, { page, size, ...filter }),
    queryFn: ({ signal }) => searchAccounts(store, page, size, filter, signal),
    // The list keeps the last page on screen while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    // Balances move with every sale at the counter.
    staleTime: 0,
  });

export function useAccountWindow(store: string, page: number, size: number, filter: StoredValueFilter) {
  return useQuery(accountWindowQuery(store, page, size, filter));
}
