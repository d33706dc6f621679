import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { activityKeys, type ActivityFilters } from './keys.ts';

/** Rows per page of the log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** One page of the store's audit log, newest first, filtered. */
export function getActivity(store: string, page: number, filters: ActivityFilters, signal?: AbortSignal) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  const path = `/api/secure/virtual-store/${encodeURIComponent(store)}/audit/window/${page}/${ACTIVITY_PAGE_SIZE}`;
  return secureApi.request<AuditWindow>(`${path}?${query}`, { store, signal });
}

export const activityQuery = (store: string, page: number, filters: ActivityFilters) =>
  queryOptions({
    queryKey: activityKeys.window(store, page, filters),
    queryFn: ({ signal }) => getActivity(store, page, filters, signal),
    // The page shown stays while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useActivity(store: string, page: number, filters: ActivityFilters) {
  return useQuery(activityQuery(store, page, filters));
}
