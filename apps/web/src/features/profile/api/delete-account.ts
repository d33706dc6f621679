import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return secureApi.request('/api/secure/profile/delete', { method: 'POST', body, store: null });
}

/**
 * Closes the account. The caller forgets the session once it succeeds (see the dialog): done here,
 * the route guard would unmount the caller before its own success handler could run.
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
