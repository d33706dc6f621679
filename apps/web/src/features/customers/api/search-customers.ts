import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerSearchQuerySchema, CustomerWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';

/** The search the API takes (its query schema's type, not a copy of it). */
export type CustomerSearch = Partial<z.input<typeof CustomerSearchQuerySchema>>;
export type CustomerSort = NonNullable<CustomerSearch['sort']>;
export const CUSTOMER_SORTS: readonly CustomerSort[] = ['name', 'recent', 'spent'];

/**
 * One window of the store's customers (0-based page, size 1–100). This feature's screens need
 * REPORTS, so the server answers full records (the counter's trimmed view is the counter's).
 */
export function searchCustomers(
  store: string,
  page: number,
  size: number,
  search: CustomerSearch,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.sort) params.set('sort', search.sort);
  const query = params.size ? `?${params}` : '';
  return secureApi.request<CustomerWindow>(`/api/secure/customer/search/window/${page}/${size}${query}`, {
    store,
    signal,
  });
}

export const customerWindowQuery = (store: string, page: number, size: number, search: CustomerSearch) =>
  queryOptions({
    queryKey: customerKeys.window(store, { page, size, ...search }),
    queryFn: ({ signal }) => searchCustomers(store, page, size, search, signal),
    // The list keeps showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useCustomerWindow(store: string, page: number, size: number, search: CustomerSearch) {
  return useQuery(customerWindowQuery(store, page, size, search));
}
