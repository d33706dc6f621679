import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleSettings, VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';

/** `PUT /virtual-store/{urlName}/sale-settings`: tax mode, default tax rate and cash rounding. */
export function updateSaleSettings({ urlName, body }: { urlName: string; body: SaleSettings }) {
  return secureApi.request<VirtualStore>(`/api/secure/virtual-store/${encodeURIComponent(urlName)}/sale-settings`, {
    method: 'PUT',
    body,
    store: urlName,
  });
}

/**
 * `onSaved` runs with the mutation itself rather than as a callback of `mutate`: the saved
 * settings give the form a new key (the page remounts it with the stored values), and a callback
 * of `mutate` is dropped when its component unmounts first, taking the "saved" toast with it.
 */
export function useUpdateSaleSettings({ onSaved }: { onSaved?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSaleSettings,
    onSuccess: (store) => {
      // The counter prices sales with the open store's settings: keep the session copy current.
      const s = useSession.getState();
      if (s.virtualStore?.id === store.id) s.setVirtualStore(store);
      qc.setQueryData(['store', 'current', store.urlName], store);
      void qc.invalidateQueries({ queryKey: ['stores'] });
      onSaved?.();
    },
  });
}
