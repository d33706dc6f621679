import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CashMoveBody, ShiftReport } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { shiftKeys } from './keys.ts';

/** `POST /shop/shift/{id}/cash-move`: a pay-in or pay-out; the clientId makes a retry count once. */
export function recordCashMove(store: string, id: string, body: CashMoveBody) {
  return secureApi.request<ShiftReport>(`/api/secure/shop/shift/${encodeURIComponent(id)}/cash-move`, {
    method: 'POST',
    body,
    store,
  });
}

export function useCashMove(store: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CashMoveBody) => recordCashMove(store, id, body),
    onSuccess: (shift) => qc.setQueryData(shiftKeys.current(store), { shift }),
  });
}
