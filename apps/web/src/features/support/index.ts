/** The support feature's surface (issue 12): the support form, loaded on demand. */
export const supportPages = {
  support: () => import('./pages/support-page.tsx'),
};
