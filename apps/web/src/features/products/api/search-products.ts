import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ProductSearchQuery, ProductWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/** The search the API takes (its query schema's type, not a copy of it). */
export type ProductSearch = ProductSearchQuery;
export type ProductSort = NonNullable<ProductSearch['sort']>;

/** One window of the store's products (0-based page, size 1–100): never the whole catalogue. */
export function searchProducts(store: string, page: number, size: number, search: ProductSearch, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.sort) params.set('sort', search.sort);
  if (search.category) params.set('category', search.category);
  if (search.lowStock) params.set('lowStock', 'true');
  const query = params.size ? `?${params}` : '';
  return secureApi.request<ProductWindow>(`/api/secure/product/search/window/${page}/${size}${query}`, {
    store,
    signal,
  });
}

export const productWindowQuery = (store: string, page: number, size: number, search: ProductSearch) =>
  queryOptions({
    queryKey: productKeys.window(store, { page, size, ...search }),
    queryFn: ({ signal }) => searchProducts(store, page, size, search, signal),
    // The table keeps showing the last page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useProductWindow(store: string, page: number, size: number, search: ProductSearch, enabled = true) {
  return useQuery({ ...productWindowQuery(store, page, size, search), enabled });
}

export const productPagesQuery = (store: string, size: number, search: ProductSearch) =>
  infiniteQueryOptions({
    queryKey: productKeys.infinite(store, { size, ...search }),
    queryFn: ({ pageParam, signal }) => searchProducts(store, pageParam, size, search, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
  });

/** Window after window, for the catalogue's "load more". */
export function useProductPages(store: string, size: number, search: ProductSearch) {
  return useInfiniteQuery(productPagesQuery(store, size, search));
}
