import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPerson } from '@shopdesk/shared';
import { secureApi } from './api-client.ts';

/**
 * The store's members, former members and everyone in its log (REPORTS): who the activity log and
 * the sales list filter by, and whether the report has staff to break down. Here, not in a feature,
 * since several features read it and features never import each other; one key, so one request.
 */
export const storePeopleKey = (store: string) => ['store-people', store] as const;

export function getStorePeople(store: string, signal?: AbortSignal): Promise<AuditPerson[]> {
  return secureApi.request<AuditPerson[]>(`/api/secure/virtual-store/${encodeURIComponent(store)}/audit/people`, {
    store,
    signal,
  });
}

export const storePeopleQuery = (store: string) =>
  queryOptions({
    queryKey: storePeopleKey(store),
    queryFn: ({ signal }) => getStorePeople(store, signal),
    staleTime: 60_000,
  });

export function useStorePeople(store: string) {
  return useQuery(storePeopleQuery(store));
}
