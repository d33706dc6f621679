import { useCallback, useMemo, useRef, useState } from 'react';
import { saleNeeds, type ActionNeeds } from '@shopdesk/shared';
import { usePermission } from '../../../lib/store-rights.ts';
import { isTillOf } from '../../../lib/till/till-state.ts';
import { linesForNeeds } from '../cart/cart.ts';
import type { CounterSale } from '../hooks/use-counter-sale.ts';
import type { PointsOffer } from '../payment/index.ts';
import type { CartCustomerState } from './use-cart-customer.ts';

export interface PointsApprovalRequest {
  needs: ActionNeeds;
  clientId: string;
  forPoints: (given: boolean) => void;
}

/**
 * What the payment's "Use points" offers: the attached customer's balance (last seen: offline, the
 * most a redemption may use) when loyalty is on. Points are a discount: a member without DISCOUNT
 * sees the field disabled with the reason; on a till they may ask an approving member's PIN, for
 * this payment attempt's clientId, like any other discount above their maximum (product.md §2).
 */
export function usePointsOffer(
  store: string,
  sale: CounterSale,
  state: CartCustomerState,
  ask: (request: PointsApprovalRequest) => void,
) {
  const right = usePermission('DISCOUNT');
  const attempt = useRef<string | null>(null);
  const [approvedFor, setApprovedFor] = useState<string | null>(null);
  /** A new payment attempt: an approval given for an earlier one does not carry over. */
  const resetApproval = useCallback((clientId: string) => {
    attempt.current = clientId;
    setApprovedFor(null);
  }, []);
  const { cart, pricing } = sale;

  const onAskApproval = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        const clientId = attempt.current;
        if (!clientId) return resolve(false);
        // The approval covers the whole sale (it replaces one given for a line's discount).
        // Any redemption needs DISCOUNT (saleNeeds with points), whatever the points are worth.
        ask({
          needs: saleNeeds(linesForNeeds(cart), pricing, 1),
          clientId,
          forPoints: (given) => {
            if (given) setApprovedFor(clientId);
            resolve(given);
          },
        });
      }),
    [cart, pricing, ask],
  );

  const { customer, loyalty } = state;
  const approved = approvedFor !== null && approvedFor === attempt.current;
  const allowed = right.allowed || approved;
  const offer: PointsOffer | null = useMemo(
    () =>
      customer && loyalty.enabled && customer.pointsBalance > 0
        ? {
            balance: customer.pointsBalance,
            // Gift cards take no points (priceSale spreads them over the other lines only).
            dueBeforePoints: pricing.lines.reduce(
              (sum, l, i) => sum + (cart.lines[i]?.giftCard ? 0 : l.gross - l.lineDiscount - l.cartDiscount),
              0,
            ),
            totalWith: sale.totalWithPoints,
            settings: loyalty,
            allowed,
            reason: right.reason,
            ...(!allowed && isTillOf(store) ? { onAskApproval } : {}),
          }
        : null,
    [customer, loyalty, allowed, right.reason, store, onAskApproval, pricing, cart.lines, sale.totalWithPoints],
  );
  return { offer, resetApproval };
}
