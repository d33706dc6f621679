import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cargo } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys } from './keys.ts';

export type CargoMark = 'arrived' | 'not-arrived';

/** Marks a cargo arrived (its goods enter stock) or not arrived again (they leave it). */
export function markCargo(store: string, code: string, mark: CargoMark) {
  return secureApi.request<Cargo>(`/api/secure/cargo/${mark}`, { method: 'POST', body: { code }, store });
}

export function useMarkCargo(store: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mark: CargoMark) => markCargo(store, code, mark),
    onSuccess: (cargo) => {
      qc.setQueryData(cargoKeys.one(store, cargo.code), cargo);
      void qc.invalidateQueries({ queryKey: cargoKeys.all(store) });
      // Stock moved: every product view of this store is out of date.
      void qc.invalidateQueries({ queryKey: ['products', store] });
    },
  });
}
