import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustPointsBody, Customer } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys, customerPath } from './keys.ts';

/** `POST /customer/{id}/points` (the owner's): an ADJUST entry and the new balance, audited. */
export function adjustPoints(store: string, id: string, body: AdjustPointsBody) {
  return secureApi.request<Customer>(`${customerPath(id)}/points`, { method: 'POST', body, store });
}

export function useAdjustPoints(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdjustPointsBody }) => adjustPoints(store, id, body),
    onSuccess: async (customer) => {
      qc.setQueryData(customerKeys.one(store, customer.id), customer);
      await qc.invalidateQueries({ queryKey: customerKeys.all(store) });
    },
  });
}
