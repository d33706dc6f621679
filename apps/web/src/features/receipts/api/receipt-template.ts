import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceiptTemplate, ReceiptTemplateBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { receiptKeys, templatePath } from './keys.ts';

/** `GET /virtual-store/{urlName}/receipt-template`: the saved template, or the default one. */
export function getReceiptTemplate(store: string, signal?: AbortSignal) {
  return secureApi.request<ReceiptTemplate>(templatePath(store), { store, signal });
}

export const receiptTemplateQuery = (store: string) =>
  queryOptions({
    queryKey: receiptKeys.template(store),
    queryFn: ({ signal }) => getReceiptTemplate(store, signal),
    // A form started from an old copy would save it back over a newer one.
    staleTime: 0,
  });

export function useReceiptTemplate(store: string) {
  return useQuery(receiptTemplateQuery(store));
}

/** `PUT /virtual-store/{urlName}/receipt-template`: replaces the template whole. */
export function saveReceiptTemplate({ store, body }: { store: string; body: ReceiptTemplateBody }) {
  return secureApi.request<ReceiptTemplate>(templatePath(store), { method: 'PUT', body, store });
}

export function useSaveReceiptTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveReceiptTemplate,
    onSuccess: (template, { store }) => qc.setQueryData(receiptKeys.template(store), template),
  });
}
