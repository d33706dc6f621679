import { queryOptions } from '@tanstack/react-query';
import type { ProductLookup, ProductSuggestion } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys } from './keys.ts';

/** The store's product with this barcode, or null (the lookup route answers "none" with 200). */
export async function lookupProduct(store: string, code: string) {
  const { product } = await secureApi.request<ProductLookup>(`/api/secure/product/lookup/${encodeURIComponent(code)}`, {
    store,
  });
  return product;
}

export const productLookupQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: cargoKeys.product(store, code),
    queryFn: () => lookupProduct(store, code),
    staleTime: 60_000,
  });

/** What is known of an unknown barcode (the same code in the user's other stores, its GS1 country). */
export function productSuggestion(store: string, code: string) {
  return secureApi.request<ProductSuggestion>(`/api/secure/product/code/${encodeURIComponent(code)}/jn`, {
    store,
  });
}
