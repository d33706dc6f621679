import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoyaltySettings } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';

const loyaltyPath = (urlName: string) => `/api/secure/virtual-store/${encodeURIComponent(urlName)}/loyalty`;

/** `GET /virtual-store/{urlName}/loyalty`: the store's points programme. */
export function getLoyaltySettings(urlName: string, signal?: AbortSignal) {
  return secureApi.request<LoyaltySettings>(loyaltyPath(urlName), { store: urlName, signal });
}

export const loyaltySettingsQuery = (urlName: string) =>
  queryOptions({
    queryKey: customerKeys.loyalty(urlName),
    queryFn: ({ signal }) => getLoyaltySettings(urlName, signal),
  });

export function useLoyaltySettings(urlName: string) {
  return useQuery(loyaltySettingsQuery(urlName));
}

/** `PUT /virtual-store/{urlName}/loyalty` (SETTINGS). */
export function saveLoyaltySettings(urlName: string, body: LoyaltySettings) {
  return secureApi.request<LoyaltySettings>(loyaltyPath(urlName), { method: 'PUT', body, store: urlName });
}

export function useSaveLoyaltySettings(urlName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltySettings) => saveLoyaltySettings(urlName, body),
    onSuccess: (saved) => qc.setQueryData(customerKeys.loyalty(urlName), saved),
  });
}
