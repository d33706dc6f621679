import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentShift } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { shiftKeys } from './keys.ts';

/** `GET /shop/shift/current`: the open shift's X report, or null when none is open. */
export function getCurrentShift(store: string) {
  return secureApi.request<CurrentShift>('/api/secure/shop/shift/current', { store });
}

export const currentShiftQuery = (store: string) =>
  queryOptions({
    queryKey: shiftKeys.current(store),
    queryFn: () => getCurrentShift(store),
    // The figures move with every sale at the counter: read them fresh each time the screen opens.
    staleTime: 0,
  });

export function useCurrentShift(store: string) {
  return useQuery(currentShiftQuery(store));
}
