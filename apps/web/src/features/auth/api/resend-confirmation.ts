import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export function resendConfirmation(email: string): Promise<void> {
  return publicApi.request('/api/auth/confirm/resend', { method: 'POST', body: { email } });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
