/**
 * The stores feature's surface: the store settings page (loaded on demand), the current store and
 * the user's stores (the header's store picker lists them), and the open store's exchange rate kept
 * in the session.
 */
export const storesPages = {
  store: () => import('./pages/store-page.tsx'),
  saleSettings: () => import('./pages/sale-settings-page.tsx'),
  barcodeRules: () => import('./pages/barcode-rules-page.tsx'),
};
export { useCurrentStore } from './api/current-store.ts';
export { useStores } from './api/list-stores.ts';
export { useSessionExchangeRate } from './api/session-rate.ts';
