import { useMutation } from '@tanstack/react-query';
import type { AcceptInvitationBody, AuthResponse } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

/** Accepts with a new account for the invited address; answers a logged-in session. */
export function acceptWithNewAccount({ token, body }: { token: string; body: AcceptInvitationBody }) {
  return publicApi.request<AuthResponse>(`/api/auth/invite/${encodeURIComponent(token)}`, { method: 'POST', body });
}

export function useAcceptWithNewAccount() {
  return useMutation({ mutationFn: acceptWithNewAccount });
}
