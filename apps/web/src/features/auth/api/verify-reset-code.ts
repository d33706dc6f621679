import { useMutation } from '@tanstack/react-query';
import type { VerifyCodeResponse } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function verifyResetCode(body: { email: string; code: string }) {
  return publicApi.request<VerifyCodeResponse>('/api/auth/forgot-password/verify', {
    method: 'POST',
    body,
  });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
