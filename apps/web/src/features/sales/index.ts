/** The sales feature's surface: the transactions list with a sale's detail (loaded on demand). */
export const salesPages = {
  list: () => import('./pages/sales-page.tsx'),
};
