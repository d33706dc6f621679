import { queryOptions } from '@tanstack/react-query';
import type { LoyaltySettings } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';

/**
 * The store's loyalty settings (earn rate, point value, minimum): the cart shows what a sale earns
 * and the payment dialog what points take off. Under 'store', with the other counter settings the
 * offline cache keeps (app/offline/persist-policy.ts): a counter reloaded offline still knows them.
 */
export const loyaltyKey = (store: string) => ['store', 'loyalty', store.toLowerCase()] as const;

export const loyaltyQuery = (store: string) =>
  queryOptions({
    queryKey: loyaltyKey(store),
    queryFn: () =>
      secureApi.request<LoyaltySettings>(`/api/secure/virtual-store/${encodeURIComponent(store)}/loyalty`, { store }),
    staleTime: 5 * 60_000,
    enabled: store !== '',
    // A server without loyalty yet, or a member who may not read it: points stay off.
    retry: false,
  });

/**
 * Off until the settings are read: no points are promised that the server would not give. The
 * shared DEFAULT_LOYALTY's values, written out: importing it would bring the customer schemas
 * (and zod) into the counter's first load.
 */
const OFF: LoyaltySettings = { enabled: false, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths: null };
export const loyaltyOf = (data: LoyaltySettings | undefined): LoyaltySettings => data ?? OFF;
