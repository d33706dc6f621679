import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cargo, NewCargoBody, UpdateCargoBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys, cargoPath } from './keys.ts';

export function createCargo(store: string, body: NewCargoBody) {
  return secureApi.request<Cargo>('/api/secure/cargo/new', { method: 'POST', body, store });
}

export function useCreateCargo(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCargoBody) => createCargo(store, body),
    onSuccess: (cargo) => {
      qc.setQueryData(cargoKeys.one(store, cargo.code), cargo);
      void qc.invalidateQueries({ queryKey: cargoKeys.all(store) });
    },
  });
}

export function updateCargo(store: string, code: string, body: UpdateCargoBody) {
  return secureApi.request<Cargo>(cargoPath(code), { method: 'PUT', body, store });
}

export function useUpdateCargo(store: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCargoBody) => updateCargo(store, code, body),
    onSuccess: (cargo) => {
      qc.setQueryData(cargoKeys.one(store, cargo.code), cargo);
      void qc.invalidateQueries({ queryKey: cargoKeys.all(store) });
    },
  });
}

export function deleteCargo(store: string, code: string) {
  return secureApi.request(cargoPath(code), { method: 'DELETE', store });
}

export function useDeleteCargo(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => deleteCargo(store, code),
    onSuccess: (_void, code) => {
      qc.removeQueries({ queryKey: cargoKeys.one(store, code) });
      void qc.invalidateQueries({ queryKey: cargoKeys.all(store) });
    },
  });
}
