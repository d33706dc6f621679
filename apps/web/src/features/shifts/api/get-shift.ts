import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShiftReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { shiftKeys } from './keys.ts';

/** `GET /shop/shift/{id}`: the X report of an open shift, the Z report of a closed one. */
export function getShift(store: string, id: string) {
  return secureApi.request<ShiftReport>(`/api/secure/shop/shift/${encodeURIComponent(id)}`, { store });
}

export const shiftQuery = (store: string, id: string) =>
  queryOptions({ queryKey: shiftKeys.one(store, id), queryFn: () => getShift(store, id) });

export function useShift(store: string, id: string) {
  return useQuery(shiftQuery(store, id));
}
