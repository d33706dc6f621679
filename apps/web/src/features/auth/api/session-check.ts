import type { SessionCheckResponse } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** Asks the server whether the stored token is still a live session; answers the fresh user. */
export function checkSession() {
  return secureApi.request<SessionCheckResponse>('/api/secure/login/check');
}
