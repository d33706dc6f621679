import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { VirtualStoreSchema } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

const StoreListSchema = z.array(VirtualStoreSchema);

export function listStores() {
  return secureApi.request('/api/secure/virtual-store', { schema: StoreListSchema, store: null });
}

export const storesQuery = () => queryOptions({ queryKey: ['stores'], queryFn: listStores });

/** `enabled: false` reads only what is cached (the header's picker fetches when it opens). */
export function useStores({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...storesQuery(), enabled });
}
