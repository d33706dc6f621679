import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CargoSearchQuery, CargoWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys } from './keys.ts';

/** One window of the store's cargos, newest first, filtered by status and a search. */
export function searchCargos(
  store: string,
  page: number,
  size: number,
  search: CargoSearchQuery,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.status) params.set('status', search.status);
  const query = params.size ? `?${params}` : '';
  return secureApi.request<CargoWindow>(`/api/secure/cargo/search/window/${page}/${size}${query}`, {
    store,
    signal,
  });
}

export function useCargoWindow(store: string, page: number, size: number, search: CargoSearchQuery) {
  return useQuery(
    queryOptions({
      queryKey: cargoKeys.window(store, { page, size, ...search }),
      queryFn: ({ signal }) => searchCargos(store, page, size, search, signal),
      // The list keeps showing the last page while the next one loads, instead of flashing empty.
      placeholderData: keepPreviousData,
    }),
  );
}
