/** The activity feature's surface: the store's audit log page ("who did what"), loaded on demand. */
export const activityPages = {
  log: () => import('./pages/activity-page.tsx'),
};
