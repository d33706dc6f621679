import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateStoreBody, VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storeRateKey } from './store-rate.ts';

export function updateStore({ urlName, body }: { urlName: string; body: UpdateStoreBody }) {
  return secureApi.request<VirtualStore>(`/api/secure/virtual-store/${encodeURIComponent(urlName)}`, {
    method: 'PUT',
    body,
    store: urlName,
  });
}

export function useUpdateStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateStore,
    onSuccess: (store) => {
      // The open store's currencies drive money screens; keep the session copy current.
      const s = useSession.getState();
      if (s.virtualStore?.id === store.id) s.setVirtualStore(store);
      void qc.invalidateQueries({ queryKey: ['stores'] });
      qc.setQueryData(['store', 'current', store.urlName], store);
      // Changed currencies change the pair its rate is for.
      void qc.invalidateQueries({ queryKey: storeRateKey(store.urlName) });
    },
  });
}
