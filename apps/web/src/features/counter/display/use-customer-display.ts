import { useEffect, useSyncExternalStore } from 'react';
import type { PaymentContext } from '@shopdesk/shared';
import type { Cart } from '../cart/cart.ts';
import type { PaymentProgress } from '../payment/payment-types.ts';
import { DISPLAY_FLAG_EVENT, displayOn } from './display-flag.ts';

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

const subscribe = (changed: () => void) => {
  window.addEventListener(DISPLAY_FLAG_EVENT, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(DISPLAY_FLAG_EVENT, changed);
    window.removeEventListener('storage', changed);
  };
};

/** Whether a customer display is switched on for `store` on this device. */
export function useDisplayOn(store: string): boolean {
  return useSyncExternalStore(subscribe, () => displayOn(store));
}

/**
 * Feeds the customer display, and does nothing else unless one is switched on for this store on
 * this device: only then is the display code (display-live.ts) imported, after the page is drawn,
 * so the counter's first load carries none of it (product.md §9). The live module sends a state
 * only when what it shows changed, so feeding it on every render is cheap.
 */
export function useCustomerDisplay(store: string, feed: DisplayFeed): void {
  const on = useDisplayOn(store);
  useEffect(() => {
    if (on) void import('./display-live.ts').then((m) => m.showOnDisplay(store, feed));
  });
}
