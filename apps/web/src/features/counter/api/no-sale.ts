import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditEvent, NoSaleBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * Prefix of the shifts feature's query keys (features/shifts/api/keys.ts: `['shifts', store, …]`),
 * written out because a feature never imports another: a drawer opening changes the open shift's X
 * report (its count of drawer openings without a sale).
 */
const shiftsPrefix = (store: string) => ['shifts', store] as const;

/** `POST /shop/no-sale`: records a drawer opening without a sale; answers the audit event. */
export function recordNoSale(store: string, body: NoSaleBody) {
  return secureApi.request<AuditEvent>('/api/secure/shop/no-sale', { method: 'POST', body, store });
}

export function useRecordNoSale(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NoSaleBody) => recordNoSale(store, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: shiftsPrefix(store) }),
  });
}
