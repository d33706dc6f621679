import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TillDeviceList } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { TILL_DEVICE_PATH, tillKeys } from './keys.ts';

/** Revokes one till of the store: its next request is answered 401 TILL_REVOKED. */
export function revokeTill({ urlName, id }: { urlName: string; id: string }) {
  return secureApi.request<void>(`${TILL_DEVICE_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE', store: urlName });
}

/** Revokes a till, shows it revoked at once, then asks the list again for the server's own time. */
export function useRevokeTill() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeTill,
    onSuccess: (_nothing, { urlName, id }) => {
      const revokedAt = new Date().toISOString();
      qc.setQueryData<TillDeviceList>(
        tillKeys.list(urlName),
        (list) => list && { tills: list.tills.map((till) => (till.id === id ? { ...till, revokedAt } : till)) },
      );
      void qc.invalidateQueries({ queryKey: tillKeys.list(urlName) });
    },
    // Revoked meanwhile from another device, or gone: the list says what is true now.
    onError: (_error, { urlName }) => void qc.invalidateQueries({ queryKey: tillKeys.list(urlName) }),
  });
}
