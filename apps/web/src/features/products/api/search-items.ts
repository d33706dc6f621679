import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemSearchQuery, ItemWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { itemKeys } from './keys.ts';

export type ItemSort = NonNullable<ItemSearchQuery['sort']>;

/** One window of the store's items, variants folded (0-based page, size 1–100). */
export function searchItems(store: string, page: number, size: number, search: ItemSearchQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.sort) params.set('sort', search.sort);
  if (search.category) params.set('category', search.category);
  const query = params.size ? `?${params}` : '';
  return secureApi.request<ItemWindow>(`/api/secure/item/search/window/${page}/${size}${query}`, { store, signal });
}

export const itemWindowQuery = (store: string, page: number, size: number, search: ItemSearchQuery) =>
  queryOptions({
    queryKey: itemKeys.window(store, { page, size, ...search }),
    queryFn: ({ signal }) => searchItems(store, page, size, search, signal),
    placeholderData: keepPreviousData,
  });

export function useItemWindow(store: string, page: number, size: number, search: ItemSearchQuery, enabled = true) {
  return useQuery({ ...itemWindowQuery(store, page, size, search), enabled });
}
