import { saleNeeds, type ActionNeeds, type SalePricing } from '@shopdesk/shared';
import { tillMemberLacks } from '../../../lib/till/till-state.ts';
import { linesForNeeds, type Cart } from './cart.ts';

/**
 * What completing this cart needs that the member on the till lacks (a line's or the cart's
 * discount above their maximum, a price changed by hand, an open-price item), so the counter asks
 * an approving member's PIN before the payment opens; null when they may complete it themselves,
 * or off a till. The same rule as the server's refusal (saleNeeds), on the same priced lines.
 */
export function approvalToAsk(store: string, cart: Cart, pricing: SalePricing): ActionNeeds | null {
  const needs = saleNeeds(linesForNeeds(cart), pricing);
  return tillMemberLacks(store, needs).length > 0 ? needs : null;
}
