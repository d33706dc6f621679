import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoggedUserSchema } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';

export function updateDefaultStore(storeId: string) {
  return secureApi.request(`/api/secure/profile/update-default-store/${encodeURIComponent(storeId)}`, {
    method: 'PUT',
    schema: LoggedUserSchema,
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
