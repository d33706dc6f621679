/** The statistics feature's surface: the sales report page, loaded on demand with its charts. */
export const statisticsPages = {
  report: () => import('./pages/statistics-page.tsx'),
};
