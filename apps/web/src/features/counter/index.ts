/** The counter feature's surface: the point-of-sale page (loaded on demand). */
export const counterPages = {
  counter: () => import('./pages/counter-page.tsx'),
};
/** Started by the shell at boot, so a logout from any page removes the user's product copies. */
export { followSessionForCatalogs } from './catalog/catalog-cleanup.ts';
