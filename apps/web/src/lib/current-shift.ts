import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentShift, OpenShiftBody, ShiftReport } from '@shopdesk/shared';
import { secureApi } from './api-client.ts';

/**
 * The store's open shift and opening one: shared by the shift screen and the counter, which shows
 * the shift's state and asks for one to be opened before the first sale. The key sits under the
 * shifts feature's `['shifts', store]`, so its invalidations reach it.
 */
export const currentShiftKey = (store: string) => ['shifts', store, 'current'] as const;

/** `GET /shop/shift/current`: the open shift's X report, or null when none is open. */
export function getCurrentShift(store: string) {
  return secureApi.request<CurrentShift>('/api/secure/shop/shift/current', { store });
}

export const currentShiftQuery = (store: string) =>
  queryOptions({
    queryKey: currentShiftKey(store),
    queryFn: () => getCurrentShift(store),
    // The figures move with every sale at the counter: read them fresh each time the screen opens.
    staleTime: 0,
  });

export function useCurrentShift(store: string, enabled = true) {
  return useQuery({ ...currentShiftQuery(store), enabled });
}

/** `POST /shop/shift`: opens the store's shift with its float (on a till, as the member unlocked there). */
export function openShift(store: string, body: OpenShiftBody) {
  return secureApi.request<ShiftReport>('/api/secure/shop/shift', { method: 'POST', body, store });
}

export function useOpenShift(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenShiftBody) => openShift(store, body),
    onSuccess: (shift) => qc.setQueryData(currentShiftKey(store), { shift }),
    // A 409 means another device opened one meanwhile: show that one.
    onError: () => qc.invalidateQueries({ queryKey: currentShiftKey(store) }),
  });
}
