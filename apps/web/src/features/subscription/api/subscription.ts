import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingHistory,
  BillingPlans,
  CancelSubscriptionResult,
  CreateSubscriptionBody,
  CreateSubscriptionResult,
  LoggedUser,
  Subscription,
} from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { refreshSubscriptionStatus } from '../../../lib/subscription-status.ts';
import { subscriptionKeys } from './keys.ts';

const BASE = '/api/secure/subscription';

export function useSubscription(opts: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.subscription(),
    queryFn: ({ signal }) => secureApi.request<Subscription>(BASE, { store: null, signal }),
    refetchInterval: opts.refetchInterval,
  });
}

/**
 * The return page's poll. With Stripe's `session_id`, the server looks the Checkout Session up at
 * Stripe and applies a paid one at once, so premium does not wait for a slow webhook; any refusal
 * there (a session that is not ours, too many looks) falls back to reading the subscription.
 */
export function useCheckoutResult(sessionId: string | null, refetchInterval: number | false) {
  return useQuery({
    queryKey: [...subscriptionKeys.subscription(), 'checkout', sessionId] as const,
    queryFn: async ({ signal }) => {
      if (sessionId) {
        try {
          return await secureApi.request<Subscription>(`${BASE}/checkout/${encodeURIComponent(sessionId)}`, {
            store: null,
            signal,
          });
        } catch (error) {
          if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
        }
      }
      return secureApi.request<Subscription>(BASE, { store: null, signal });
    },
    refetchInterval,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: subscriptionKeys.plans(),
    queryFn: ({ signal }) => secureApi.request<BillingPlans>(`${BASE}/plans`, { store: null, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBillingHistory() {
  return useQuery({
    queryKey: subscriptionKeys.history(),
    queryFn: ({ signal }) => secureApi.request<BillingHistory>(`${BASE}/billing-history`, { store: null, signal }),
  });
}

/**
 * After a change of plan: the billing screens, the free-tier status and the logged user (premium,
 * original.md §3) are read again.
 */
function useAfterChange() {
  const qc = useQueryClient();
  const setLoggedUser = useSession((s) => s.setLoggedUser);
  return async () => {
    // The limits come and go with premium (a webhook's change is no write of ours to notice).
    refreshSubscriptionStatus(0);
    await qc.invalidateQueries({ queryKey: subscriptionKeys.all() });
    const user = await secureApi.request<LoggedUser>('/api/secure/profile', { store: null });
    setLoggedUser(user);
  };
}

/** POST /create: Stripe answers a checkout address to open; demo answers the active subscription. */
export function useCreateSubscription() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateSubscriptionBody) =>
      secureApi.request<CreateSubscriptionResult>(`${BASE}/create`, {
        method: 'POST',
        body,
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
      secureApi.request<CancelSubscriptionResult>(`${BASE}/${action}`, {
        method: 'POST',
        store: null,
      }),
    onSuccess: afterChange,
  });
}

/** Reads the logged user again (premium), for the return page once the webhook has done its work. */
export function useReloadUser() {
  return useAfterChange();
}
