import { queryOptions } from '@tanstack/react-query';
import {
  paymentMethodNameKey,
  type DefaultPaymentMethod,
  type PaymentMethod,
  type PaymentMethodsBody,
} from '@shopdesk/shared';
import { secureApi } from './api-client.ts';

/**
 * A store's payment methods (named tenders), read by the settings editor, the counter's payment
 * dialog and the report screens alike: one cache entry under 'store', which the offline cache keeps
 * (app/offline/persist-policy.ts), so a counter offline pays with the methods it had.
 */
export const paymentMethodsKey = (urlName: string) => ['store', 'payment-methods', urlName.toLowerCase()] as const;

const path = (urlName: string) => `/api/secure/virtual-store/${encodeURIComponent(urlName)}/payment-methods`;

export function paymentMethodsQuery(urlName: string) {
  return queryOptions({
    queryKey: paymentMethodsKey(urlName),
    queryFn: () => secureApi.request<PaymentMethod[]>(path(urlName), { store: urlName }),
    staleTime: 60_000,
    enabled: urlName !== '',
  });
}

export function savePaymentMethods(urlName: string, body: PaymentMethodsBody) {
  return secureApi.request<PaymentMethod[]>(path(urlName), { method: 'PUT', body, store: urlName });
}

/** A method's name as the reader sees it: the owner's own, else the default name in their language. */
export function paymentMethodText(
  t: (key: string) => string,
  m: { name: string | null; defaultName: DefaultPaymentMethod | null },
): string {
  return m.name ?? t(paymentMethodNameKey(m.defaultName ?? 'OTHER'));
}
