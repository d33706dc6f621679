import type { ProductChanges, ProductLookup, ProductWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * The three server calls of the counter's product copy. Written here rather than imported from
 * features/products: features do not import each other.
 */

/** One product by code through the lookup route; null when the store has none. */
export async function lookupProduct(store: string, code: string, signal?: AbortSignal) {
  const { product } = await secureApi.request<ProductLookup>(`/api/secure/product/lookup/${encodeURIComponent(code)}`, {
    store,
    signal,
  });
  return product;
}

/** The first `size` (1–100) products matching `q`, with the stock list's search. */
export async function searchProducts(store: string, q: string, size: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ q });
  const window = await secureApi.request<ProductWindow>(`/api/secure/product/search/window/0/${size}?${params}`, {
    store,
    signal,
  });
  return window.items;
}

/** One page of the product changes feed after `since` (absent: from the start). */
export function productChanges(store: string, since: string | undefined, limit: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (since) params.set('since', since);
  return secureApi.request<ProductChanges>(`/api/secure/product/changes?${params}`, { store, signal });
}
