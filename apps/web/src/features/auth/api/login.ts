import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function login(body: LoginBody): Promise<AuthResponse> {
  return publicApi.request<AuthResponse>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
