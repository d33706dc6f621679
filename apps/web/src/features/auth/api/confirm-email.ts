import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthResponse } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function confirmEmail(token: string): Promise<AuthResponse> {
  return publicApi.request<AuthResponse>(`/api/auth/confirm/${encodeURIComponent(token)}`);
}

// A confirmation token works once, so the answer is kept and never fetched again for that token
// (React's double effects in development would otherwise spend it twice).
export const confirmEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'confirm', token],
    queryFn: () => confirmEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export function useConfirmEmail(token: string) {
  return useQuery(confirmEmailQuery(token));
}
