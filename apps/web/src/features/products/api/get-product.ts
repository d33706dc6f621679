import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProductSchema } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { productKeys, productPath } from './keys.ts';

/** One product by barcode; null when the store has no product with this code (404). */
export async function getProduct(store: string, code: string) {
  try {
    return await secureApi.request(productPath(code), { schema: ProductSchema, store });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const productQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: productKeys.one(store, code),
    queryFn: () => getProduct(store, code),
    // A scan must show the stock as it is now, not as it was half a minute ago.
    staleTime: 0,
  });

export function useProduct(store: string, code: string | undefined) {
  return useQuery({ ...productQuery(store, code ?? ''), enabled: Boolean(code) });
}
