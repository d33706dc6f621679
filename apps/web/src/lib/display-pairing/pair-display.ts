import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisplayPairBody, DisplayPairResponse } from '@shopdesk/shared';
import { secureApi } from '../api-client.ts';
import { DISPLAY_PAIR_PATH, displayKeys } from './keys.ts';

/** `POST /api/secure/display/pair`: a new pairing; its url and QR come only in this answer. */
export function pairDisplay({ urlName, body }: { urlName: string; body: DisplayPairBody }) {
  return secureApi.request<DisplayPairResponse>(DISPLAY_PAIR_PATH, { method: 'POST', body, store: urlName });
}

export function usePairDisplay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: pairDisplay,
    onSuccess: (_pairing, { urlName }) => void qc.invalidateQueries({ queryKey: displayKeys.list(urlName) }),
  });
}
