import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockCardBody, StoredValueDetail } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { accountPath, storedValueKeys } from './keys.ts';

/** `POST /stored-value/code/{code}/block` (SETTINGS): blocks (a lost card) or unblocks it, with a reason; audited. */
export function blockAccount(store: string, code: string, body: BlockCardBody) {
  return secureApi.request<StoredValueDetail>(`${accountPath(code)}/block`, { method: 'POST', body, store });
}

export function useBlockAccount(store: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockCardBody) => blockAccount(store, code, body),
    onSuccess: async (detail) => {
      qc.setQueryData(storedValueKeys.one(store, code), detail);
      await qc.invalidateQueries({ queryKey: storedValueKeys.all(store) });
    },
  });
}
