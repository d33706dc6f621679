/** The stores feature's surface: the store settings page (loaded on demand) and the current store. */
export const storesPages = {
  store: () => import('./pages/store-page.tsx'),
};
export { useCurrentStore } from './api/current-store.ts';
