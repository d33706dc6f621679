import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustCardBody, StoredValueDetail } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { accountPath, storedValueKeys } from './keys.ts';

/**
 * `POST /stored-value/code/{code}/adjust` (SETTINGS): the owner's signed correction with a reason,
 * never below zero. The body's clientId is made once per attempt, so a retry after a lost answer
 * writes one entry (the server answers the first result).
 */
export function adjustAccount(store: string, code: string, body: AdjustCardBody) {
  return secureApi.request<StoredValueDetail>(`${accountPath(code)}/adjust`, { method: 'POST', body, store });
}

export function useAdjustAccount(store: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustCardBody) => adjustAccount(store, code, body),
    onSuccess: async (detail) => {
      qc.setQueryData(storedValueKeys.one(store, code), detail);
      await qc.invalidateQueries({ queryKey: storedValueKeys.all(store) });
    },
  });
}
