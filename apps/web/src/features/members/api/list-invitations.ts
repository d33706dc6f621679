import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { memberKeys, membersPath } from './keys.ts';

export function listInvitations(urlName: string) {
  return secureApi.request<Invitation[]>(`${membersPath(urlName)}/invitation`, { store: urlName });
}

export const invitationsQuery = (urlName: string) =>
  queryOptions({ queryKey: memberKeys.invitations(urlName), queryFn: () => listInvitations(urlName) });

export function useInvitations(urlName: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invitationsQuery(urlName), enabled });
}
