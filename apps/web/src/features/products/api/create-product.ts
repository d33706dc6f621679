import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductBody, Product } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys } from './keys.ts';

export function createProduct(store: string, body: CreateProductBody) {
  return secureApi.request<Product>('/api/secure/product', { method: 'POST', body, store });
}

export function useCreateProduct(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductBody) => createProduct(store, body),
    onSuccess: async (product) => {
      await qc.invalidateQueries({ queryKey: productKeys.all(store) });
      qc.setQueryData(productKeys.one(store, product.code), product);
    },
  });
}
