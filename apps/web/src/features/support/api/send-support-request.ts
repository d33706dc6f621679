import { useMutation } from '@tanstack/react-query';
import type { SupportRequest, SupportRequestBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** `POST /support`: always stored on the server; mailed to its support address (with a copy to the user) when it has one. */
export function sendSupportRequest(body: SupportRequestBody) {
  return secureApi.request<SupportRequest>('/api/secure/support', { method: 'POST', body, store: null });
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
