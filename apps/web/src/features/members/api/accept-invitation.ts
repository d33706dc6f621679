import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** Accepts with the logged-in account (its address must be the invited one). */
export function acceptInvitation(token: string) {
  return secureApi.request<VirtualStore>(`/api/secure/invite/${encodeURIComponent(token)}`, {
    method: 'POST',
    store: null,
  });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // The store picker lists the new store.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['stores'] }),
  });
}
