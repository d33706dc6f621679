import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';

export function logout(): Promise<void> {
  return secureApi.request('/api/secure/logout', { method: 'POST', handleUnauthorized: false });
}

/**
 * Revokes the session on the server when it can; the local session is cleared either way, so a
 * user who is offline or whose token already expired is still logged out on this device.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (e) {
        console.warn('Logout call failed; clearing the local session anyway', e);
      }
    },
    onSettled: () => {
      useSession.getState().clearSession();
      qc.clear();
    },
  });
}
