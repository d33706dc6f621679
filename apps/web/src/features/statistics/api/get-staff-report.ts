import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffFigures } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';
import { statisticsKeys } from './keys.ts';

/** Each member's sales, refunds, discounts and approvals of the store's dates `from`–`to`. */
export function getStaffReport(store: string, p: Period, signal?: AbortSignal) {
  const query = new URLSearchParams({ from: p.from, to: p.to });
  return secureApi.request<StaffFigures[]>(`/api/secure/shop/statistic/by-member?${query}`, { store, signal });
}

export const staffReportQuery = (store: string, p: Period) =>
  queryOptions({
    queryKey: statisticsKeys.staff(store, p.from, p.to),
    queryFn: ({ signal }) => getStaffReport(store, p, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffReport(store: string, p: Period) {
  return useQuery(staffReportQuery(store, p));
}
