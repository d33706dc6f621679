import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopTransaction } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { salesKeys, transactionPath } from './keys.ts';

/** One sale with its lines, tenders, taxes and refunds. */
export function getTransaction(store: string, code: string, signal?: AbortSignal) {
  return secureApi.request<ShopTransaction>(transactionPath(code), { store, signal });
}

export const transactionQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: salesKeys.one(store, code),
    queryFn: ({ signal }) => getTransaction(store, code, signal),
    // A refund decides from what remains: always ask the server when the detail opens.
    staleTime: 0,
  });

export function useTransaction(store: string, code: string | undefined) {
  return useQuery({ ...transactionQuery(store, code ?? ''), enabled: Boolean(code) });
}
