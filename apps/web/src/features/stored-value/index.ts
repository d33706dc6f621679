/** The gift cards feature's surface: the cards list, a card's page, the liability and the settings (loaded on demand). */
export const storedValuePages = {
  list: () => import('./pages/gift-card-list-page.tsx'),
  card: () => import('./pages/gift-card-page.tsx'),
  liability: () => import('./pages/liability-page.tsx'),
  settings: () => import('./pages/stored-value-settings-page.tsx'),
};
