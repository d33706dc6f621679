import { queryOptions } from '@tanstack/react-query';
import type { CargoChanges } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys, cargoPath } from './keys.ts';

/** The cargo's changes cursor: it moves whenever anyone changes the cargo or its lines. */
export function getCargoChanges(store: string, code: string, signal?: AbortSignal) {
  return secureApi.request<CargoChanges>(`${cargoPath(code)}/changes`, { store, signal });
}

export const cargoChangesQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: cargoKeys.changes(store, code),
    queryFn: ({ signal }) => getCargoChanges(store, code, signal),
    staleTime: 0,
  });
