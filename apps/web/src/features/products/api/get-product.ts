import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductLookup } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

/**
 * One product by barcode; null when the store has no product with this code. Asked through the
 * lookup route, which answers "none" with 200 and null: an unknown code is an everyday scan, and
 * a 404 would be logged by the browser as an error each time.
 */
export async function getProduct(store: string, code: string) {
  const { product } = await secureApi.request<ProductLookup>(`/api/secure/product/lookup/${encodeURIComponent(code)}`, {
    store,
  });
  return product;
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
