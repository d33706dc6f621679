import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { tillKeys } from './keys.ts';

/** The store whose tills are shown: its name for the heading, its time zone for the times. */
export const storeOfQuery = (urlName: string) =>
  queryOptions({
    queryKey: tillKeys.store(urlName),
    queryFn: () => secureApi.request<VirtualStore>('/api/secure/virtual-store/current', { store: urlName }),
  });

export function useStoreOf(urlName: string) {
  return useQuery(storeOfQuery(urlName));
}
