import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys, customerPath } from './keys.ts';

/** One customer, whole (this feature's screens need REPORTS); 404 once deleted. */
export function getCustomer(store: string, id: string, signal?: AbortSignal) {
  return secureApi.request<Customer>(customerPath(id), { store, signal });
}

export const customerQuery = (store: string, id: string) =>
  queryOptions({
    queryKey: customerKeys.one(store, id),
    queryFn: ({ signal }) => getCustomer(store, id, signal),
    // Points and totals move with every sale at the counter: ask again on opening.
    staleTime: 0,
  });

export function useCustomer(store: string, id: string | undefined) {
  return useQuery({ ...customerQuery(store, id ?? ''), enabled: Boolean(id) });
}
