import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cargo, CargoQr, CargoQrReceiveBody, VirtualStore } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys, cargoPath } from './keys.ts';

/** A fresh single-use hand-over token (24 h) and the link its QR encodes. */
export function getCargoQr(store: string, code: string) {
  return secureApi.request<CargoQr>(`${cargoPath(code)}/qr`, { store });
}

export function useCargoQr(store: string, code: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: cargoKeys.qr(store, code),
      queryFn: () => getCargoQr(store, code),
      enabled,
      // Each token is used once: never show a cached one from another visit.
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
  );
}

/** Hands the cargo to another store of the same user. */
export function transferCargo(store: string, code: string, targetStore: string) {
  return secureApi.request<Cargo>(`${cargoPath(code)}/transfer`, {
    method: 'POST',
    body: { targetStore },
    store,
  });
}

export function useTransferCargo(store: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (targetStore: string) => transferCargo(store, code, targetStore),
    onSuccess: (cargo) => {
      qc.setQueryData(cargoKeys.one(store, code), cargo);
      void qc.invalidateQueries({ queryKey: ['cargo'] });
    },
  });
}

/** Receives a cargo handed over by QR into `store` (the token, or the scanned link). */
export function receiveCargo(store: string, body: CargoQrReceiveBody) {
  return secureApi.request<Cargo>('/api/secure/cargo/qr/transfer', { method: 'POST', body, store });
}

export function useReceiveCargo(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => receiveCargo(store, { token }),
    onSuccess: (cargo) => {
      qc.setQueryData(cargoKeys.one(store, cargo.code), cargo);
      void qc.invalidateQueries({ queryKey: cargoKeys.all(store) });
    },
  });
}

/** The user's stores (the same call and cache key as the header's store picker). */
export function useMyStores() {
  return useQuery({
    queryKey: ['stores'],
    queryFn: () => secureApi.request<VirtualStore[]>('/api/secure/virtual-store', { store: null }),
  });
}
