import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { itemKeys, itemPath } from './keys.ts';

/** One item with its options and variants (retired ones included), by the item's id. */
export function getItem(store: string, id: string, signal?: AbortSignal) {
  return secureApi.request<Item>(itemPath(id), { store, signal });
}

export const itemQuery = (store: string, id: string) =>
  queryOptions({
    queryKey: itemKeys.one(store, id),
    queryFn: ({ signal }) => getItem(store, id, signal),
    // Stock of each variant, as it is now: the list unfolds an item to count and label it.
    staleTime: 0,
  });

export function useItem(store: string, id: string | undefined) {
  return useQuery({ ...itemQuery(store, id ?? ''), enabled: Boolean(id) });
}
