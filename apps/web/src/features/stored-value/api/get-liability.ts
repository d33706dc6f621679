import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredValueLiability } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { storedValueKeys } from './keys.ts';

/** Unused balances at the end of the store's date `at`, by kind, with the Act's threshold for a yen store. */
export function getLiability(store: string, at: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ at });
  return secureApi.request<StoredValueLiability>(`/api/secure/stored-value/liability?${query}`, { store, signal });
}

export const liabilityQuery = (store: string, at: string) =>
  queryOptions({
    queryKey: storedValueKeys.liability(store, at),
    queryFn: ({ signal }) => getLiability(store, at, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useLiability(store: string, at: string) {
  return useQuery(liabilityQuery(store, at));
}
