import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportInfo } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** `GET /support`: where a request goes on this server (its support address, or stored only). */
export function getSupportInfo() {
  return secureApi.request<SupportInfo>('/api/secure/support', { store: null });
}

export const supportInfoQuery = () =>
  queryOptions({
    queryKey: ['support', 'info'] as const,
    queryFn: getSupportInfo,
    // The server's configuration: it changes only with a restart.
    staleTime: 60 * 60 * 1000,
  });

export function useSupportInfo() {
  return useQuery(supportInfoQuery());
}
