import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateItemBody, Item } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { itemKeys, productKeys } from './keys.ts';

export function createItem(store: string, body: CreateItemBody) {
  return secureApi.request<Item>('/api/secure/item', { method: 'POST', body, store });
}

export function useCreateItem(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateItemBody) => createItem(store, body),
    onSuccess: async (item) => {
      qc.setQueryData(itemKeys.one(store, item.id), item);
      await qc.invalidateQueries({ queryKey: productKeys.all(store), predicate: (q) => q.queryKey[2] !== 'item' });
    },
  });
}
