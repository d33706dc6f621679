/** The legal feature's surface: the terms and privacy page (loaded on demand). */
export const legalPages = {
  legal: () => import('./legal-page.tsx'),
};
