import { useMutation } from '@tanstack/react-query';
import { AuthResponseSchema, type AuthResponse, type LoginBody } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function login(body: LoginBody): Promise<AuthResponse> {
  return publicApi.request('/api/auth/login', { method: 'POST', body, schema: AuthResponseSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
