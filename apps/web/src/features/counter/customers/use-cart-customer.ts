import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pointsEarned } from '@shopdesk/shared';
import type { CounterCustomer } from '../cart/cart.ts';
import type { CounterSale } from '../hooks/use-counter-sale.ts';
import { loyaltyOf, loyaltyQuery } from './loyalty-query.ts';

/**
 * The sale's customer on the counter: who is attached, the store's loyalty settings, and what
 * this sale earns (on the total after discounts; the payment dialog lowers it by the points used).
 * The code that finds and creates customers loads when first used (customer-lookup.ts).
 */
export function useCartCustomer(store: string, sale: CounterSale) {
  const loyalty = loyaltyOf(useQuery(loyaltyQuery(store)).data);
  const { dispatch } = sale;
  const customer = sale.cart.customer ?? null;
  const earns = customer && loyalty.enabled ? pointsEarned(sale.pricing.total, loyalty.earnRate) : 0;

  const attach = useCallback(
    (next: CounterCustomer) => {
      dispatch({ type: 'setCustomer', customer: next });
      void import('./customer-lookup.ts').then((m) => m.noteAttached(store, next));
    },
    [dispatch, store],
  );
  const remove = useCallback(() => dispatch({ type: 'setCustomer', customer: null }), [dispatch]);

  return { loyalty, customer, earns, attach, remove };
}

export type CartCustomerState = ReturnType<typeof useCartCustomer>;
