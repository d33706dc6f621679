import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPerson } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { activityKeys } from './keys.ts';

/** The members and former members the log can be filtered by. */
export function getActivityPeople(store: string, signal?: AbortSignal) {
  return secureApi.request<AuditPerson[]>(`/api/secure/virtual-store/${encodeURIComponent(store)}/audit/people`, {
    store,
    signal,
  });
}

export const activityPeopleQuery = (store: string) =>
  queryOptions({
    queryKey: activityKeys.people(store),
    queryFn: ({ signal }) => getActivityPeople(store, signal),
    staleTime: 60_000,
  });

export function useActivityPeople(store: string) {
  return useQuery(activityPeopleQuery(store));
}
