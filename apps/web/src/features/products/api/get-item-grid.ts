import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemGrid } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { itemKeys, itemPath } from './keys.ts';

/** An item's variants by option 1 × option 2: stock now, and net sales of the store's dates `from`–`to`. */
export function getItemGrid(store: string, id: string, from: string, to: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to });
  return secureApi.request<ItemGrid>(`${itemPath(id)}/grid?${query}`, { store, signal });
}

export const itemGridQuery = (store: string, id: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...itemKeys.one(store, id), 'grid', from, to] as const,
    queryFn: ({ signal }) => getItemGrid(store, id, from, to, signal),
    placeholderData: keepPreviousData,
  });

export function useItemGrid(store: string, id: string, from: string, to: string, enabled = true) {
  return useQuery({ ...itemGridQuery(store, id, from, to), enabled });
}
