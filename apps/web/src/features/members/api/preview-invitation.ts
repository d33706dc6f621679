import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@shopdesk/shared';
import { publicApi } from '../../../lib/api-client.ts';

export function previewInvitation(token: string) {
  return publicApi.request<InvitationPreview>(`/api/auth/invite/${encodeURIComponent(token)}`);
}

/** Read once: a used or expired link answers 409, which the page explains (no retry). */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: ['invitation', token], queryFn: () => previewInvitation(token), retry: false });
}
