import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TillDeviceList } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { TILL_DEVICE_PATH, tillKeys } from './keys.ts';

/** The store's tills, active and revoked (SETTINGS). */
export function listTills(urlName: string, signal?: AbortSignal) {
  return secureApi.request<TillDeviceList>(TILL_DEVICE_PATH, { store: urlName, signal });
}

export const tillsQuery = (urlName: string) =>
  queryOptions({
    queryKey: tillKeys.list(urlName),
    queryFn: ({ signal }) => listTills(urlName, signal),
    // "Last seen" moves while the screen is open elsewhere: asked again on every visit.
    staleTime: 0,
  });

export function useTills(urlName: string) {
  return useQuery(tillsQuery(urlName));
}
