import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { memberKeys, membersPath } from './keys.ts';

export function revokeInvitation({ urlName, id }: { urlName: string; id: string }) {
  return secureApi.request(`${membersPath(urlName)}/invitation/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    store: urlName,
  });
}

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_nothing, { urlName }) => void qc.invalidateQueries({ queryKey: memberKeys.invitations(urlName) }),
  });
}
