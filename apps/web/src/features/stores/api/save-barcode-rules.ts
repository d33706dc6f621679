import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BarcodeRules, BarcodeRulesBody } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { barcodeRulesKey } from '../../../lib/barcode-rules-query.ts';

/** `PUT /barcode-rules` of the store `urlName`: replaces its whole list. */
export function saveBarcodeRules({ urlName, body }: { urlName: string; body: BarcodeRulesBody }) {
  return secureApi.request<BarcodeRules>('/api/secure/barcode-rules', { method: 'PUT', body, store: urlName });
}

export function useSaveBarcodeRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveBarcodeRules,
    onSuccess: (rules, { urlName }) => qc.setQueryData(barcodeRulesKey(urlName), rules),
  });
}
