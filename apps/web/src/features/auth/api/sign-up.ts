import { useMutation } from '@tanstack/react-query';
import type { SignUpBody, SignUpResponse } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function signUp(body: SignUpBody) {
  return publicApi.request<SignUpResponse>('/api/auth/signUp', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
