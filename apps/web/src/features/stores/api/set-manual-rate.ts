import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetManualRateBody, StoreExchangeRate } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { storeRateKey } from './store-rate.ts';

/** `PUT /virtual-store/{urlName}/exchange-rate`: `{rate: "150.25"}` sets the manual rate, `{rate: null}` clears it. */
export function setManualRate({ urlName, body }: { urlName: string; body: SetManualRateBody }) {
  return secureApi.request<StoreExchangeRate>(
    `/api/secure/virtual-store/${encodeURIComponent(urlName)}/exchange-rate`,
    { method: 'PUT', body, store: urlName },
  );
}

export function useSetManualRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setManualRate,
    // The answer is the store's new rate; the shell copies the open store's into the session.
    onSuccess: (rate, { urlName }) => qc.setQueryData(storeRateKey(urlName), rate),
  });
}
