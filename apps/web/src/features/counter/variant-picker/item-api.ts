import type { Item } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * One item with its options (their names and the owner's value order) and its variants with
 * fresh stock: GET /api/secure/item/{id}. Written here rather than imported from
 * features/products: features do not import each other.
 */
export function getItem(store: string, id: string, signal?: AbortSignal): Promise<Item> {
  return secureApi.request<Item>(`/api/secure/item/${encodeURIComponent(id)}`, { store, signal });
}
