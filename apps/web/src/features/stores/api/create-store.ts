import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStoreBody, VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export function createStore(body: CreateStoreBody) {
  return secureApi.request<VirtualStore>('/api/secure/virtual-store', {
    method: 'POST',
    body,
    store: null,
  });
}

export function useCreateStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['stores'] }),
  });
}
