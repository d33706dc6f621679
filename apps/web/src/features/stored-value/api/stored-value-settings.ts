import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoredValueSettings, VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { storedValueKeys } from './keys.ts';

const settingsPath = (urlName: string) => `/api/secure/virtual-store/${encodeURIComponent(urlName)}/stored-value`;

/** `GET /virtual-store/{urlName}/stored-value`: six-month expiry, where usable, contact. */
export function getStoredValueSettings(urlName: string, signal?: AbortSignal) {
  return secureApi.request<StoredValueSettings>(settingsPath(urlName), { store: urlName, signal });
}

export const storedValueSettingsQuery = (urlName: string) =>
  queryOptions({
    queryKey: storedValueKeys.settings(urlName),
    queryFn: ({ signal }) => getStoredValueSettings(urlName, signal),
  });

export function useStoredValueSettings(urlName: string) {
  return useQuery(storedValueSettingsQuery(urlName));
}

/** `PUT /virtual-store/{urlName}/stored-value` (SETTINGS). */
export function saveStoredValueSettings(urlName: string, body: StoredValueSettings) {
  return secureApi.request<StoredValueSettings>(settingsPath(urlName), { method: 'PUT', body, store: urlName });
}

export function useSaveStoredValueSettings(urlName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StoredValueSettings) => saveStoredValueSettings(urlName, body),
    onSuccess: (saved) => qc.setQueryData(storedValueKeys.settings(urlName), saved),
  });
}

/**
 * The store whose settings are edited (its name and currency: a yen store gets the Act's sentence),
 * under the same key as the store settings' own query, so both share one copy.
 */
export function getStore(urlName: string) {
  return secureApi.request<VirtualStore>('/api/secure/virtual-store/current', { store: urlName });
}

export function useTargetStore(urlName: string) {
  return useQuery({ queryKey: ['store', 'current', urlName], queryFn: () => getStore(urlName) });
}
