/**
 * The customer display's surface (issue 45): the customer's side of the counter, public pages
 * outside the login guard. A paired device reads the server (`/display/{token}`); the counter's
 * second window reads a BroadcastChannel (`/display-window/{store}`). Both feed one renderer.
 */
export const customerDisplayPages = {
  display: () => import('./pages/display-page.tsx'),
};
