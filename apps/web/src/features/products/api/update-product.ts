import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, UpdateProductBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys, productPath } from './keys.ts';

/** Edits a product's details; `code` is the barcode it has now (the body may change it). */
export function updateProduct(store: string, code: string, body: UpdateProductBody) {
  return secureApi.request<Product>(productPath(code), { method: 'PUT', body, store });
}

export function useUpdateProduct(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpdateProductBody }) => updateProduct(store, code, body),
    onSuccess: async (product) => {
      await qc.invalidateQueries({ queryKey: productKeys.all(store) });
      qc.setQueryData(productKeys.one(store, product.code), product);
    },
  });
}
