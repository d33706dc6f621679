import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item, UpdateItemBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { itemKeys, itemPath, productKeys } from './keys.ts';

/** Replaces an item's fields and options, changes the variants listed and adds the new ones. */
export function updateItem(store: string, id: string, body: UpdateItemBody) {
  return secureApi.request<Item>(itemPath(id), { method: 'PUT', body, store });
}

export function useUpdateItem(store: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateItemBody }) => updateItem(store, id, body),
    onSuccess: async (item) => {
      qc.setQueryData(itemKeys.one(store, item.id), item);
      // Every variant's product card, the lists and the item windows show what changed.
      await qc.invalidateQueries({ queryKey: productKeys.all(store), predicate: (q) => q.queryKey[2] !== 'item' });
    },
  });
}
