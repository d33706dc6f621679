import { queryOptions, useQuery } from '@tanstack/react-query';
import { LoggedUserSchema } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

export function getProfile() {
  return secureApi.request('/api/secure/profile', { schema: LoggedUserSchema });
}

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery());
}
