import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ZReportPage } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { shiftKeys } from './keys.ts';

export const Z_REPORT_PAGE_SIZE = 10;

/** `GET /shop/shift/z-report`: closed shifts, the latest first. */
export function getZReports(store: string, page: number) {
  const query = new URLSearchParams({ page: String(page), size: String(Z_REPORT_PAGE_SIZE) });
  return secureApi.request<ZReportPage>(`/api/secure/shop/shift/z-report?${query.toString()}`, { store });
}

export const zReportsQuery = (store: string, page: number) =>
  queryOptions({ queryKey: shiftKeys.zReports(store, page), queryFn: () => getZReports(store, page) });

export function useZReports(store: string, page: number) {
  return useQuery({ ...zReportsQuery(store, page), placeholderData: keepPreviousData });
}
