import { useMutation } from '@tanstack/react-query';
import type { RandomBarcodeResponse } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/** A fresh in-store EAN-13 the store does not use yet. */
export function randomBarcode(store: string) {
  return secureApi.request<RandomBarcodeResponse>('/api/secure/product/random-barcode', { store });
}

export function useRandomBarcode(store: string) {
  return useMutation({ mutationFn: () => randomBarcode(store) });
}
