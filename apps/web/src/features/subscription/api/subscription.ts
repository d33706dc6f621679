import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BillingHistorySchema,
  BillingPlansSchema,
  CancelSubscriptionResultSchema,
  CreateSubscriptionResultSchema,
  LoggedUserSchema,
  SubscriptionSchema,
  type CreateSubscriptionBody,
} from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { subscriptionKeys } from './keys.ts';

const BASE = '/api/secure/subscription';

export function useSubscription(opts: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.subscription(),
    queryFn: ({ signal }) => secureApi.request(BASE, { schema: SubscriptionSchema, store: null, signal }),
    refetchInterval: opts.refetchInterval,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => secureApi.request(`${BASE}/plans`, { schema: BillingPlansSchema, store: null, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBillingHistory() {
  return useQuery({
    queryKey: subscriptionKeys.history(),
    queryFn: ({ signal }) =>
      secureApi.request(`${BASE}/billing-history`, { schema: BillingHistorySchema, store: null, signal }),
  });
}

/**
 * After a change of plan: the billing screens read again, and the logged user too, since premium
 * (original.md §3) comes with it. The free-tier counts refresh on their own (lib/subscription-status.ts).
 */
function useAfterChange() {
  const qc = useQueryClient();
  const setLoggedUser = useSession((s) => s.setLoggedUser);
  return async () => {
    await qc.invalidateQueries({ queryKey: subscriptionKeys.all() });
    const user = await secureApi.request('/api/secure/profile', { schema: LoggedUserSchema, store: null });
    setLoggedUser(user);
  };
}

/** POST /create: Stripe answers a checkout address to open; demo answers the active subscription. */
export function useCreateSubscription() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateSubscriptionBody) =>
      secureApi.request(`${BASE}/create`, {
        method: 'POST',
        body,
        schema: CreateSubscriptionResultSchema,
        store: null,
      }),
    onSuccess: async (result) => {
      if (!('checkoutUrl' in result)) await afterChange();
    },
  });
}

/** POST /cancel (at period end) or /resume (undo that, until then). */
export function useChangeRenewal() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      secureApi.request(`${BASE}/${action}`, {
        method: 'POST',
        schema: CancelSubscriptionResultSchema,
        store: null,
      }),
    onSuccess: afterChange,
  });
}

/** Reads the logged user again (premium), for the return page once the webhook has done its work. */
export function useReloadUser() {
  return useAfterChange();
}
