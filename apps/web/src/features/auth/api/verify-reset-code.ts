import { useMutation } from '@tanstack/react-query';
import { VerifyCodeResponseSchema } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function verifyResetCode(body: { email: string; code: string }) {
  return publicApi.request('/api/auth/forgot-password/verify', {
    method: 'POST',
    body,
    schema: VerifyCodeResponseSchema,
  });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
