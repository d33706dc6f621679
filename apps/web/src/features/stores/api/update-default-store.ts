import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoggedUser } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';

export function updateDefaultStore(storeId: string) {
  return secureApi.request<LoggedUser>(`/api/secure/profile/update-default-store/${encodeURIComponent(storeId)}`, {
    method: 'PUT',
  });
}

export function useUpdateDefaultStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultStore,
    onSuccess: (user) => {
      const s = useSession.getState();
      s.updateDefaultStore(user.defaultStoreId, user.defaultStore);
      s.setLoggedUser(user);
      qc.setQueryData(['profile'], user);
    },
  });
}
