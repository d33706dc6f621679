import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBody, ShopTransaction } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { salesKeys, transactionPath } from './keys.ts';

/**
 * Prefix of the products feature's query keys (features/products/api/keys.ts: `['products',
 * store, …]`), matched as a literal because a feature never imports another. A refund that
 * restocks changes products' quantities, so every product view of the store refreshes.
 */
const productsPrefix = (store: string) => ['products', store] as const;

/** Refunds part of a sale (`lines`) or what remains (no `lines`); answers the sale after it. */
export function refundTransaction(store: string, code: string, body: RefundBody) {
  return secureApi.request<ShopTransaction>(`${transactionPath(code)}/refund`, {
    method: 'POST',
    body,
    store,
  });
}

export function useRefundTransaction(store: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => refundTransaction(store, code, body),
    onSuccess: (sale) => {
      qc.setQueryData(salesKeys.one(store, sale.code), sale);
      void qc.invalidateQueries({ queryKey: salesKeys.all(store) });
      void qc.invalidateQueries({ queryKey: productsPrefix(store) });
    },
    // A refusal (say, another till refunded these units first) means the detail on screen is old.
    onError: () => void qc.invalidateQueries({ queryKey: salesKeys.one(store, code) }),
  });
}
