import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPerson } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { statisticsKeys } from './keys.ts';

/**
 * The store's members, former members and everyone in its log (REPORTS, like this page): more
 * than one person means the store has staff, so the report by staff is worth a section.
 */
export function getStaffPeople(store: string, signal?: AbortSignal) {
  return secureApi.request<AuditPerson[]>(`/api/secure/virtual-store/${encodeURIComponent(store)}/audit/people`, {
    store,
    signal,
  });
}

export function useStaffPeople(store: string) {
  return useQuery(
    queryOptions({
      queryKey: statisticsKeys.people(store),
      queryFn: ({ signal }) => getStaffPeople(store, signal),
      staleTime: 60_000,
    }),
  );
}
