import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatisticSummary } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';
import { statisticsKeys } from './keys.ts';

/** Totals, the ten best products three ways and the tenders of the store's dates `from`–`to`. */
export function getStatisticSummary(store: string, p: Period, signal?: AbortSignal) {
  const query = new URLSearchParams({ from: p.from, to: p.to, top: '10' });
  return secureApi.request<StatisticSummary>(`/api/secure/shop/statistic/summary?${query}`, {
    store,
    signal,
  });
}

export const statisticSummaryQuery = (store: string, p: Period) =>
  queryOptions({
    queryKey: statisticsKeys.summary(store, p.from, p.to),
    queryFn: ({ signal }) => getStatisticSummary(store, p, signal),
    // The last report stays on screen while the next period loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useStatisticSummary(store: string, p: Period) {
  return useQuery(statisticSummaryQuery(store, p));
}
