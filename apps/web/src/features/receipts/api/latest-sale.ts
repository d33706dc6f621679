import { useQuery } from '@tanstack/react-query';
import type { ShopTransaction, TransactionWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { receiptKeys } from './keys.ts';

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The store's most recent paid sale of the last 90 days, for the preview; null when it has none.
 * The range runs to tomorrow (UTC) so a sale made today in a time zone ahead of UTC is included.
 */
export async function getLatestSale(store: string, signal?: AbortSignal) {
  const now = Date.now();
  const query = new URLSearchParams({ from: dateOf(now - 90 * DAY), to: dateOf(now + DAY), page: '0', size: '1' });
  const window = await secureApi.request<TransactionWindow>(`/api/secure/shop/transaction/range/by-date?${query}`, {
    store,
    signal,
  });
  const latest = window.items.find((s) => s.status !== 'PARKED');
  if (!latest) return null;
  return secureApi.request<ShopTransaction>(`/api/secure/shop/transaction/${encodeURIComponent(latest.code)}`, {
    store,
    signal,
  });
}

export function useLatestSale(store: string) {
  return useQuery({ queryKey: receiptKeys.latestSale(store), queryFn: ({ signal }) => getLatestSale(store, signal) });
}
