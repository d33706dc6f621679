import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustStockBody, Product } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { productKeys, productPath } from './keys.ts';

/** A stock adjustment (`delta`) or a stock-take count (`countedQuantity`); answers the product. */
export function adjustStock(store: string, code: string, body: AdjustStockBody) {
  return secureApi.request<Product>(`${productPath(code)}/adjust`, { method: 'POST', body, store });
}

export function useAdjustStock(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: AdjustStockBody }) => adjustStock(store, code, body),
    onSuccess: (product) => {
      qc.setQueryData(productKeys.one(store, product.code), product);
      void qc.invalidateQueries({ queryKey: productKeys.all(store), predicate: (q) => q.queryKey[2] !== 'code' });
    },
  });
}
