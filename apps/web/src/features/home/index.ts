/** The home feature's surface: the store's home dashboard (loaded on demand). */
export const homePages = {
  home: () => import('./home-page.tsx'),
};
