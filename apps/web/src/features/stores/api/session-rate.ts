import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StoreExchangeRate, VirtualStore } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { storeRateKey } from './store-rate-key.ts';

/**
 * The session rate `store` should have, given what its rate query holds: its effective rate's
 * text, null when it has no second currency or no rate at all, undefined while unknown (not loaded
 * yet, or still the rate of the currencies it had before an edit): the session then keeps its own.
 */
export function sessionRateFor(
  store: Pick<VirtualStore, 'mainCurrency' | 'secondCurrency'>,
  data: StoreExchangeRate | undefined,
): string | null | undefined {
  if (!store.secondCurrency) return null;
  if (!data) return undefined;
  const { effective } = data;
  if (!effective) return null;
  return effective.base === store.mainCurrency && effective.quote === store.secondCurrency ? effective.rate : undefined;
}

/**
 * Keeps the session's `exchangeRate` (original.md §3) on the open store's effective main → second
 * rate, which prices and labels show through lib/store-money.ts, and refreshes it when a manual
 * rate is set or cleared (the same query). A failed fetch (offline) leaves the persisted rate as
 * it was. Called after the shell puts `store` into the session, so a switch clears the old rate first.
 */
export function useSessionExchangeRate(urlName: string, store: VirtualStore | undefined) {
  // The same query as the settings screen's (store-rate.ts), its fetcher loaded when first needed:
  // the shell is part of the first load, which has a byte budget.
  const rate = useQuery({
    queryKey: storeRateKey(urlName),
    queryFn: () => import('./store-rate.ts').then((m) => m.getStoreRate(urlName)),
    enabled: Boolean(store?.secondCurrency),
    staleTime: 0,
  });
  useEffect(() => {
    if (!store) return;
    const s = useSession.getState();
    if (s.virtualStore?.id !== store.id) return;
    const next = sessionRateFor(store, rate.data);
    if (next === undefined || (s.exchangeRate?.rate ?? null) === next) return;
    s.setExchangeRate(next === null ? null : { rate: next });
  }, [store, rate.data]);
}
