import { useMutation } from '@tanstack/react-query';
import { SignUpResponseSchema, type SignUpBody } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function signUp(body: SignUpBody) {
  return publicApi.request('/api/auth/signUp', { method: 'POST', body, schema: SignUpResponseSchema });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
