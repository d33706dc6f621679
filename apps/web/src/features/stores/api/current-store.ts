import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** The store named by the X-Store header, i.e. the `{store}` segment of the route. */
export function getCurrentStore(urlName: string) {
  return secureApi.request<VirtualStore>('/api/secure/virtual-store/current', { store: urlName });
}

export const currentStoreQuery = (urlName: string) =>
  queryOptions({ queryKey: ['store', 'current', urlName], queryFn: () => getCurrentStore(urlName) });

export function useCurrentStore(urlName: string) {
  return useQuery(currentStoreQuery(urlName));
}
