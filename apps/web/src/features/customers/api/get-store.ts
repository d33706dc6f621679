import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * The store whose points programme is edited (its currency prices a point), under the same key
 * as the store settings' own query, so both share one copy.
 */
export function getStore(urlName: string) {
  return secureApi.request<VirtualStore>('/api/secure/virtual-store/current', { store: urlName });
}

export const storeQuery = (urlName: string) =>
  queryOptions({ queryKey: ['store', 'current', urlName], queryFn: () => getStore(urlName) });

export function useStore(urlName: string) {
  return useQuery(storeQuery(urlName));
}
