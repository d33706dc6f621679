import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisplayPairing } from '@shopdesk/shared';
import { secureApi } from '../api-client.ts';
import { DISPLAY_PAIR_PATH, displayKeys } from './keys.ts';

/** `DELETE /api/secure/display/pair/{id}`: the display's stream ends at once, its link answers 404. */
export function revokeDisplay({ urlName, id }: { urlName: string; id: string }) {
  return secureApi.request<void>(`${DISPLAY_PAIR_PATH}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    store: urlName,
  });
}

/** Revokes a display and takes it off the list at once, then asks the list again. */
export function useRevokeDisplay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeDisplay,
    onSuccess: (_nothing, { urlName, id }) => {
      qc.setQueryData<{ items: DisplayPairing[] }>(
        displayKeys.list(urlName),
        (list) => list && { items: list.items.filter((d) => d.id !== id) },
      );
      void qc.invalidateQueries({ queryKey: displayKeys.list(urlName) });
    },
    onError: (_error, { urlName }) => void qc.invalidateQueries({ queryKey: displayKeys.list(urlName) }),
  });
}
