import { useQuery } from '@tanstack/react-query';
import type { StoreExchangeRate } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { counterKeys } from './keys.ts';

/**
 * The rate second-currency tenders convert with, with its date and source: the counter shows them
 * beside every converted amount, and a stale rate asks for a manual one.
 */
export function useCounterRate(store: string, enabled: boolean) {
  return useQuery({
    queryKey: counterKeys.rate(store),
    queryFn: () =>
      secureApi.request<StoreExchangeRate>(`/api/secure/virtual-store/${encodeURIComponent(store)}/exchange-rate`, {
        store,
      }),
    enabled,
    staleTime: 60_000,
  });
}
