import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExceptionsReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';
import { statisticsKeys } from './keys.ts';

/** The exceptions of the store's dates `from`–`to`: every member's with REPORTS, else the caller's own. */
export function getExceptions(store: string, p: Period, signal?: AbortSignal) {
  const query = new URLSearchParams({ from: p.from, to: p.to });
  return secureApi.request<ExceptionsReport>(`/api/secure/report/exceptions?${query}`, { store, signal });
}

export const exceptionsQuery = (store: string, p: Period) =>
  queryOptions({
    queryKey: statisticsKeys.exceptions(store, p.from, p.to),
    queryFn: ({ signal }) => getExceptions(store, p, signal),
    placeholderData: keepPreviousData,
  });

export function useExceptions(store: string, p: Period) {
  return useQuery(exceptionsQuery(store, p));
}
