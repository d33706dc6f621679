import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CargoQrPreview } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** What a hand-over token gives (the cargo and the sending store), read before receiving it. */
export function previewQr(store: string, token: string, signal?: AbortSignal) {
  return secureApi.request<CargoQrPreview>('/api/secure/cargo/qr/preview', {
    method: 'POST',
    body: { token },
    store,
    signal,
  });
}

export const qrPreviewQuery = (store: string, token: string) =>
  queryOptions({
    // Outside cargoKeys.all: receiving refreshes the cargo views, never this (the token is used by then).
    queryKey: ['cargo-qr-preview', store, token] as const,
    queryFn: ({ signal }) => previewQr(store, token, signal),
    // A token is used once: its answer is never kept for another visit.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useQrPreview(store: string, token: string | null) {
  return useQuery({ ...qrPreviewQuery(store, token ?? ''), enabled: token !== null });
}
