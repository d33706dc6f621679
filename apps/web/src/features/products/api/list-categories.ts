import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCategories } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

export function listCategories(store: string) {
  return secureApi.request<ProductCategories>('/api/secure/product/categories', { store });
}

export const categoriesQuery = (store: string) =>
  queryOptions({ queryKey: productKeys.categories(store), queryFn: () => listCategories(store) });

export function useCategories(store: string) {
  return useQuery(categoriesQuery(store));
}
