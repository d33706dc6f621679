import type { PaymentContext } from '@shopdesk/shared';
import type { Cart } from '../cart/cart.ts';
import type { PaymentProgress } from '../payment/payment-types.ts';

/** What the counter feeds its customer display; display-live.ts makes the DisplayState of it. */
export interface DisplayFeed {
  cart: Cart;
  context: Pick<PaymentContext, 'mainCurrency' | 'secondCurrency' | 'rate'>;
  loyalty: { enabled: boolean; earnRate: number; pointValue: number };
  /** The payment dialog is open. */
  paying: boolean;
  /** What the payment dialog told of the payment (tenders, then the change); null before it did. */
  progress: PaymentProgress | null;
}
