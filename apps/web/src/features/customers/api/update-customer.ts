import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, UpdateCustomerBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys, customerPath } from './keys.ts';

/** `PUT /customer/{id}`: the whole editable record. */
export function updateCustomer(store: string, id: string, body: UpdateCustomerBody) {
  return secureApi.request<Customer>(customerPath(id), { method: 'PUT', body, store });
}

export function useUpdateCustomer(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCustomerBody }) => updateCustomer(store, id, body),
    onSuccess: async (customer) => {
      qc.setQueryData(customerKeys.one(store, customer.id), customer);
      await qc.invalidateQueries({ queryKey: customerKeys.all(store) });
    },
  });
}
