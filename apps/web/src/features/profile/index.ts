/** The profile feature's surface: the profile pages (loaded on demand). */
export const profilePages = {
  profile: () => import('./pages/profile-page.tsx'),
  edit: () => import('./pages/profile-edit-page.tsx'),
  security: () => import('./pages/security-page.tsx'),
};
