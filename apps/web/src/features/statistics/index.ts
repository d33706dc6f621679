/** The statistics feature's surface: the sales report and the exceptions report, loaded on demand. */
export const statisticsPages = {
  report: () => import('./pages/statistics-page.tsx'),
  exceptions: () => import('./pages/exceptions-page.tsx'),
};
