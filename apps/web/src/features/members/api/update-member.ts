import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreMember, UpdateMemberBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { memberKeys, membersPath } from './keys.ts';

export function updateMember({ urlName, userId, body }: { urlName: string; userId: string; body: UpdateMemberBody }) {
  return secureApi.request<StoreMember>(`${membersPath(urlName)}/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body,
    store: urlName,
  });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (_member, { urlName }) => void qc.invalidateQueries({ queryKey: memberKeys.members(urlName) }),
  });
}
