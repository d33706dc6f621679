import { normalizeCardCode, type StoredValueDetail } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * `GET /stored-value/code/{code}`: a gift card, or a customer's store credit by their member code,
 * as the counter takes it (a seller without REPORTS gets no customer and no entries). 404: no such
 * card; a blocked or expired one is answered with its status and expiry for the counter to say so.
 */
export function storedValueByCode(store: string, code: string, signal?: AbortSignal): Promise<StoredValueDetail> {
  return secureApi.request<StoredValueDetail>(
    `/api/secure/stored-value/code/${encodeURIComponent(normalizeCardCode(code))}`,
    { store, ...(signal ? { signal } : {}) },
  );
}

/**
 * A card's balance, read when the cashier asks (never cached for long: another till may spend it).
 * The key sits under the counter's own prefix, apart from the sales' keys.
 */
export const storedValueQuery = (store: string, code: string) => ({
  queryKey: ['stored-value', store, 'code', normalizeCardCode(code)] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => storedValueByCode(store, code, signal),
  staleTime: 0,
  gcTime: 60_000,
  retry: false,
});
