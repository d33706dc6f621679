import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerHistoryWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys, customerPath } from './keys.ts';

/** A window of the customer's sales and points entries, newest first. */
export function getCustomerHistory(store: string, id: string, page: number, size: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  return secureApi.request<CustomerHistoryWindow>(`${customerPath(id)}/history?${query}`, { store, signal });
}

export const customerHistoryQuery = (store: string, id: string, page: number, size: number) =>
  queryOptions({
    queryKey: customerKeys.history(store, id, { page, size }),
    queryFn: ({ signal }) => getCustomerHistory(store, id, page, size, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useCustomerHistory(store: string, id: string, page: number, size: number) {
  return useQuery(customerHistoryQuery(store, id, page, size));
}
