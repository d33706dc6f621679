import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** Mails a 6-digit code; the server answers 202 whether or not the email exists. */
export function requestResetCode(email: string): Promise<void> {
  return publicApi.request(`/api/auth/forgot-password/${encodeURIComponent(email)}`, { method: 'POST' });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}
