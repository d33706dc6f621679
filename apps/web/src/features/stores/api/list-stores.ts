import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export function listStores() {
  return secureApi.request<VirtualStore[]>('/api/secure/virtual-store', { store: null });
}

export const storesQuery = () => queryOptions({ queryKey: ['stores'], queryFn: listStores });

/** `enabled: false` reads only what is cached (the header's picker fetches when it opens). */
export function useStores({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...storesQuery(), enabled });
}
