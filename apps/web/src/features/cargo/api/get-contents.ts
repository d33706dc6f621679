import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CargoContentList, CargoContentWindow } from '@shopdesk/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { cargoKeys, cargoPath } from './keys.ts';

/**
 * Every content line of a cargo. The editor needs them all at hand: a scan must find its line
 * (or know there is none) without a round trip, and counting goes on offline from this copy.
 */
export function getContents(store: string, code: string, signal?: AbortSignal) {
  return secureApi.request<CargoContentList>(`${cargoPath(code)}/contents`, { store, signal });
}

export const contentsQuery = (store: string, code: string) =>
  queryOptions({
    queryKey: cargoKeys.contents(store, code),
    queryFn: ({ signal }) => getContents(store, code, signal),
    staleTime: 0,
  });

export function useContents(store: string, code: string | undefined) {
  return useQuery({ ...contentsQuery(store, code ?? ''), enabled: Boolean(code) });
}

/** One window of a cargo's contents, for the detail screen (a 2,000-line cargo opens at once). */
export function getContentWindow(store: string, cargoId: string, page: number, size: number, signal?: AbortSignal) {
  return secureApi.request<CargoContentWindow>(
    `/api/secure/cargo-content/search/${encodeURIComponent(cargoId)}/window/${page}/${size}`,
    { store, signal },
  );
}

export function useContentWindow(store: string, code: string, cargoId: string | undefined, page: number, size: number) {
  return useQuery({
    queryKey: cargoKeys.contentWindow(store, code, { page, size }),
    queryFn: ({ signal }) => getContentWindow(store, cargoId ?? '', page, size, signal),
    enabled: Boolean(cargoId),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
