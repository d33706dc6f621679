import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export function updatePassword(body: UpdatePasswordBody): Promise<void> {
  return secureApi.request('/api/secure/profile/update-password', { method: 'PUT', body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
