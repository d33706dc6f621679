import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys, customerPath } from './keys.ts';

/**
 * Deletes a customer: the server anonymises them (name and contact emptied); their sales stay,
 * unlinked, and the points ledger is kept.
 */
export function deleteCustomer(store: string, id: string) {
  return secureApi.request(customerPath(id), { method: 'DELETE', store });
}

export function useDeleteCustomer(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCustomer(store, id),
    onSuccess: (_result, id) => {
      // Gone first, so the refresh below does not ask the server for a customer it no longer has.
      qc.removeQueries({ queryKey: customerKeys.one(store, id) });
      qc.removeQueries({ queryKey: customerKeys.historyOf(store, id) });
      // Not awaited: the screen leaves the deleted customer's page at once.
      void qc.invalidateQueries({ queryKey: customerKeys.all(store) });
    },
  });
}
