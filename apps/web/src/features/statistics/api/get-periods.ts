import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Statistic, StatisticGroup, StatisticWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';
import { statisticsKeys } from './keys.ts';

const PAGE_SIZE = 100;

/**
 * Every period of the range that had sales or refunds, read window by window (at most 100 per
 * answer). The page offers hours only for a week and days only for three months, so this is a
 * handful of windows at most.
 */
export async function getStatisticPeriods(
  store: string,
  p: Period,
  group: StatisticGroup,
  signal?: AbortSignal,
): Promise<Statistic[]> {
  const items: Statistic[] = [];
  for (let page = 0; ; page++) {
    const query = new URLSearchParams({ from: p.from, to: p.to, groupBy: group });
    const window = await secureApi.request<StatisticWindow>(
      `/api/secure/shop/statistic/search/window/${page}/${PAGE_SIZE}?${query}`,
      { store, signal },
    );
    items.push(...window.items);
    if (window.items.length < PAGE_SIZE || items.length >= window.total) return items;
  }
}

export const statisticPeriodsQuery = (store: string, p: Period, group: StatisticGroup) =>
  queryOptions({
    queryKey: statisticsKeys.periods(store, p.from, p.to, group),
    queryFn: ({ signal }) => getStatisticPeriods(store, p, group, signal),
    placeholderData: keepPreviousData,
  });

export function useStatisticPeriods(store: string, p: Period, group: StatisticGroup) {
  return useQuery(statisticPeriodsQuery(store, p, group));
}
