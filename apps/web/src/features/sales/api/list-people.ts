import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPerson } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { salesKeys } from './keys.ts';

/**
 * The people whose sales the list can filter by: the store's members, former members and everyone
 * in its log (REPORTS, like every sale of the list), so a former member's sales stay findable.
 */
export function listPeople(store: string, signal?: AbortSignal) {
  return secureApi.request<AuditPerson[]>(`/api/secure/virtual-store/${encodeURIComponent(store)}/audit/people`, {
    store,
    signal,
  });
}

export function usePeople(store: string) {
  return useQuery(
    queryOptions({
      queryKey: salesKeys.people(store),
      queryFn: ({ signal }) => listPeople(store, signal),
      staleTime: 60_000,
    }),
  );
}
