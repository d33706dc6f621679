import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseShiftBody, ShiftReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { shiftKeys } from './keys.ts';

/** `POST /shop/shift/{id}/close`: the blind count (on a till, by the member unlocked there); answers the Z report. */
export function closeShift(store: string, id: string, body: CloseShiftBody) {
  return secureApi.request<ShiftReport>(`/api/secure/shop/shift/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body,
    store,
  });
}

export function useCloseShift(store: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseShiftBody) => closeShift(store, id, body),
    onSuccess: (report) => {
      qc.setQueryData(shiftKeys.one(store, id), report);
      qc.setQueryData(shiftKeys.current(store), { shift: null });
      void qc.invalidateQueries({ queryKey: ['shifts', store, 'z-reports'] });
    },
  });
}
