import { queryOptions } from '@tanstack/react-query';
import type { BarcodeRules } from '@shopdesk/shared';
import { secureApi } from './api-client.ts';

/**
 * A store's barcode rules (product.md §5): read by the counter, stock-take and cargo counting to
 * read scale labels, and edited in the store's settings. Here, not in a feature, since several
 * features read it and features never import each other.
 */
// Under 'store', which the offline cache keeps (app/offline/persist-policy.ts): a till reloaded
// offline still reads scale labels, and a screen that reads them does not wait for the network.
export const barcodeRulesKey = (store: string) => ['store', 'barcode-rules', store.toLowerCase()] as const;

export function getBarcodeRules(store: string): Promise<BarcodeRules> {
  return secureApi.request<BarcodeRules>('/api/secure/barcode-rules', { store });
}

export const barcodeRulesQuery = (store: string) =>
  queryOptions({
    queryKey: barcodeRulesKey(store),
    queryFn: () => getBarcodeRules(store),
    // Rules change rarely; the counter keeps reading labels offline with the copy it has.
    staleTime: 5 * 60_000,
  });
