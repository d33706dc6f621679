import type { DisplayState, DisplayStore } from '@shopdesk/shared';

/** Made-up states for the display's tests (and the screenshots' feeder). */
export const testStore: DisplayStore = {
  name: 'Corner Shop',
  logoUrl: null,
  locale: 'en-US',
  mainCurrency: 'JPY',
  secondCurrency: 'USD',
};

export function saleState(over: Partial<DisplayState> = {}): DisplayState {
  return {
    seq: 1,
    phase: 'sale',
    currency: 'JPY',
    taxMode: 'INCLUSIVE',
    lines: [
      { name: 'Green tea', quantity: 2, unit: 'EACH', unitPrice: 250, discount: 0, total: 500 },
      { name: 'Rice', quantity: 1500, unit: 'KG', unitPrice: 600, discount: 100, total: 800 },
    ],
    itemCount: 3,
    cartDiscount: 50,
    pointsDiscount: 20,
    taxes: [
      { rate: 800, base: 741, tax: 59 },
      { rate: 1000, base: 437, tax: 43 },
    ],
    total: 1230,
    second: { currency: 'USD', total: 820 },
    payment: null,
    points: null,
    receipt: null,
    customerLocale: null,
    ...over,
  };
}
