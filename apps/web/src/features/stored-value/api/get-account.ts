import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredValueDetail } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { accountPath, storedValueKeys } from './keys.ts';

/** One card or store credit with its entries, newest first (`GET /stored-value/code/{code}`; 404 unknown). */
export function getAccount(store: string, code: string, signal?: AbortSignal) {
  return secureApi.request<StoredValueDetail>(accountPath(code), { store, signal });
}

export const accountQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: storedValueKeys.one(store, code),
    queryFn: ({ signal }) => getAccount(store, code, signal),
    // A card may have been spent at a till a moment ago: ask again on opening.
    staleTime: 0,
  });

export function useAccount(store: string, code: string) {
  return useQuery({ ...accountQuery(store, code), enabled: Boolean(code) });
}
