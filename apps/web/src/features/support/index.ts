/** The support feature's surface: the support form, loaded on demand. */
export const supportPages = {
  support: () => import('./pages/support-page.tsx'),
};
