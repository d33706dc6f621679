import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody, Customer } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';

/** `POST /customer`; the clientId makes a retried save (a lost answer) create one customer, not two. */
export function createCustomer(store: string, body: CreateCustomerBody) {
  return secureApi.request<Customer>('/api/secure/customer', { method: 'POST', body, store });
}

export function useCreateCustomer(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomerBody) => createCustomer(store, body),
    onSuccess: async (customer) => {
      qc.setQueryData(customerKeys.one(store, customer.id), customer);
      await qc.invalidateQueries({ queryKey: customerKeys.all(store) });
    },
  });
}
