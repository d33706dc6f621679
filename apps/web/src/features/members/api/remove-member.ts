import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { memberKeys, membersPath } from './keys.ts';

export function removeMember({ urlName, userId }: { urlName: string; userId: string }) {
  return secureApi.request(`${membersPath(urlName)}/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    store: urlName,
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_nothing, { urlName }) => void qc.invalidateQueries({ queryKey: memberKeys.members(urlName) }),
  });
}
