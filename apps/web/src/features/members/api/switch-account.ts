import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';

/**
 * Logs out to accept an invitation with another account: the session is revoked when the server
 * can be reached and cleared on this device either way (as the profile's logout does).
 */
export function useSwitchAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await secureApi.request('/api/secure/logout', { method: 'POST', handleUnauthorized: false }).catch(() => {});
    },
    onSettled: () => {
      useSession.getState().clearSession();
      qc.clear();
    },
  });
}
