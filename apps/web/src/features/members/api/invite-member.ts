import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { memberKeys, membersPath } from './keys.ts';

export function inviteMember({ urlName, body }: { urlName: string; body: InviteBody }) {
  return secureApi.request<Invitation>(`${membersPath(urlName)}/invite`, { method: 'POST', body, store: urlName });
}

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (_invitation, { urlName }) => void qc.invalidateQueries({ queryKey: memberKeys.invitations(urlName) }),
  });
}
