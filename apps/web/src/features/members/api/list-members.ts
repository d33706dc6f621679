import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreMember } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { memberKeys, membersPath } from './keys.ts';

export function listMembers(urlName: string) {
  return secureApi.request<StoreMember[]>(membersPath(urlName), { store: urlName });
}

export const membersQuery = (urlName: string) =>
  queryOptions({ queryKey: memberKeys.members(urlName), queryFn: () => listMembers(urlName) });

export function useMembers(urlName: string) {
  return useQuery(membersQuery(urlName));
}
