import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoggedUser } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export function getProfile() {
  return secureApi.request<LoggedUser>('/api/secure/profile');
}

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery());
}
