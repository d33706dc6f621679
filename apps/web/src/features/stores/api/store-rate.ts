import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreExchangeRate } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { storeRateKey } from './store-rate-key.ts';

export { storeRateKey };

/**
 * `GET /virtual-store/{urlName}/exchange-rate`: the main → second rate sales use (`effective`),
 * the manual and the latest imported candidates, and whether it is stale.
 */
export function getStoreRate(urlName: string) {
  return secureApi.request<StoreExchangeRate>(
    `/api/secure/virtual-store/${encodeURIComponent(urlName)}/exchange-rate`,
    { store: urlName },
  );
}

export const storeRateQuery = (urlName: string) =>
  queryOptions({
    queryKey: storeRateKey(urlName),
    queryFn: () => getStoreRate(urlName),
    // Asked again on every mount: a copy restored from the offline cache may predate the last
    // change (a reload right after setting a manual rate), and prices follow this rate.
    staleTime: 0,
  });

/** `enabled: false` for a store without a second currency: it has no rate to ask for. */
export function useStoreRate(urlName: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...storeRateQuery(urlName), enabled });
}
