import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenShiftBody, ShiftReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { shiftKeys } from './keys.ts';

/** `POST /shop/shift`: opens the store's shift with its float. */
export function openShift(store: string, body: OpenShiftBody) {
  return secureApi.request<ShiftReport>('/api/secure/shop/shift', { method: 'POST', body, store });
}

export function useOpenShift(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenShiftBody) => openShift(store, body),
    onSuccess: (shift) => qc.setQueryData(shiftKeys.current(store), { shift }),
    // A 409 means another device opened one meanwhile: show that one.
    onError: () => qc.invalidateQueries({ queryKey: shiftKeys.current(store) }),
  });
}
