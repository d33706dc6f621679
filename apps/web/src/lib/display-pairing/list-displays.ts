import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DisplayPairing } from '@shopdesk/shared';
import { secureApi } from '../api-client.ts';
import { DISPLAY_PAIR_PATH, displayKeys } from './keys.ts';

/** `GET /api/secure/display/pair`: the store's paired displays. */
export function listDisplays(urlName: string, signal?: AbortSignal) {
  return secureApi.request<{ items: DisplayPairing[] }>(DISPLAY_PAIR_PATH, { store: urlName, signal });
}

export const displaysQuery = (urlName: string) =>
  queryOptions({
    queryKey: displayKeys.list(urlName),
    queryFn: ({ signal }) => listDisplays(urlName, signal),
    // "Connected" and "last seen" move on their own: asked again on every visit.
    staleTime: 0,
  });

export function useDisplays(urlName: string, options: { refetchInterval?: number } = {}) {
  return useQuery({ ...displaysQuery(urlName), ...options });
}
