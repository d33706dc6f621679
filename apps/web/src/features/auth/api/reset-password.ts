import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export function resetPassword(body: { resetToken: string; password: string }): Promise<void> {
  return publicApi.request('/api/auth/forgot-password/reset', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
