import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import type { Period } from '../model/periods.ts';
import { statisticsKeys } from './keys.ts';

/** Customers of the store's dates `from`–`to`: top customers, new vs returning, the points liability. */
export function getCustomerReport(store: string, p: Period, signal?: AbortSignal) {
  const query = new URLSearchParams({ from: p.from, to: p.to });
  return secureApi.request<CustomerReport>(`/api/secure/shop/statistic/customers?${query}`, { store, signal });
}

export const customerReportQuery = (store: string, p: Period) =>
  queryOptions({
    queryKey: statisticsKeys.customers(store, p.from, p.to),
    queryFn: ({ signal }) => getCustomerReport(store, p, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled`: false for a period longer than the report covers (the sales report covers more). */
export function useCustomerReport(store: string, p: Period, enabled = true) {
  return useQuery({ ...customerReportQuery(store, p), enabled });
}
