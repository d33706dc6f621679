import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredValueReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';
import { statisticsKeys } from './keys.ts';

/** Gift cards and store credit of the store's dates `from`–`to`: sold, spent, expired, outstanding at the end. */
export function getStoredValueReport(store: string, p: Period, signal?: AbortSignal) {
  const query = new URLSearchParams({ from: p.from, to: p.to });
  return secureApi.request<StoredValueReport>(`/api/secure/stored-value/report?${query}`, { store, signal });
}

export const storedValueReportQuery = (store: string, p: Period) =>
  queryOptions({
    queryKey: statisticsKeys.storedValue(store, p.from, p.to),
    queryFn: ({ signal }) => getStoredValueReport(store, p, signal),
    placeholderData: keepPreviousData,
  });

export function useStoredValueReport(store: string, p: Period) {
  return useQuery(storedValueReportQuery(store, p));
}
