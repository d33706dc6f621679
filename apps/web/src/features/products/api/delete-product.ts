import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys, productPath } from './keys.ts';

/** Deletes a product and its stock history from the store. */
export function deleteProduct(store: string, code: string) {
  return secureApi.request(productPath(code), { method: 'DELETE', store });
}

export function useDeleteProduct(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => deleteProduct(store, code),
    onSuccess: async (_result, code) => {
      qc.removeQueries({ queryKey: productKeys.one(store, code) });
      await qc.invalidateQueries({ queryKey: productKeys.all(store) });
    },
  });
}
