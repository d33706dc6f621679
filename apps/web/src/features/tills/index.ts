/** The tills feature's surface: a store's tills (shared devices in till mode) under store settings. */
export const tillsPages = {
  tills: () => import('./pages/tills-page.tsx'),
};
