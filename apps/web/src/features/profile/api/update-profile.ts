import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoggedUser, ProfileUpdateBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';

export function updateProfile(body: ProfileUpdateBody) {
  return secureApi.request<LoggedUser>('/api/secure/profile', { method: 'PUT', body });
}

/** Saves name and language; the session takes the new user and the UI switches language. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      const s = useSession.getState();
      s.setLoggedUser(user);
      s.setUserLocale(user.locale);
      qc.setQueryData(['profile'], user);
    },
  });
}
