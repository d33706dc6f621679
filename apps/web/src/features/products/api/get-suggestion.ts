import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSuggestion } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys, productPath } from './keys.ts';

/** What is known of a barcode the store does not have: check digit, GS1 country, other stores. */
export function getSuggestion(store: string, code: string) {
  return secureApi.request<ProductSuggestion>(`${productPath(code)}/jn`, { store });
}

export const suggestionQuery = (store: string, code: string) =>
  queryOptions({ queryKey: productKeys.suggestion(store, code), queryFn: () => getSuggestion(store, code) });

export function useSuggestion(store: string, code: string | undefined, enabled = true) {
  return useQuery({ ...suggestionQuery(store, code ?? ''), enabled: Boolean(code) && enabled });
}
