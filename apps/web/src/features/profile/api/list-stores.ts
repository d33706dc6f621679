import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * The user's stores, for saying which ones closing the account deletes. Same call and key as the
 * stores feature's list (features do not import each other), so both read one cache entry.
 */
export function listStores() {
  return secureApi.request<VirtualStore[]>('/api/secure/virtual-store', { store: null });
}

export const storesQuery = () => queryOptions({ queryKey: ['stores'], queryFn: listStores });

export function useStores(enabled = true) {
  return useQuery({ ...storesQuery(), enabled });
}
