/** The members feature's surface: the store's people (under store settings) and the invitation link's page. */
export const membersPages = {
  members: () => import('./pages/members-page.tsx'),
  invite: () => import('./pages/invite-page.tsx'),
};
