import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cargo } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys, cargoPath } from './keys.ts';

export function getCargo(store: string, code: string, signal?: AbortSignal) {
  return secureApi.request<Cargo>(cargoPath(code), { store, signal });
}

export const cargoQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: cargoKeys.one(store, code),
    queryFn: ({ signal }) => getCargo(store, code, signal),
    // Another phone may be counting the same cargo: show it as it is now.
    staleTime: 0,
  });

export function useCargo(store: string, code: string | undefined) {
  return useQuery({ ...cargoQuery(store, code ?? ''), enabled: Boolean(code) });
}
