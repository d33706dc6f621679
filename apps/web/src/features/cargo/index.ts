/**
 * The cargo feature's surface: the list, the editor, one cargo, and the landing of a hand-over QR's
 * link, loaded on demand; and the sending of counts kept on the device, which the store shell runs
 * so they go as soon as the connection is back, whatever screen is open.
 */
export const cargoPages = {
  list: () => import('./pages/cargo-list-page.tsx'),
  edit: () => import('./pages/cargo-edit-page.tsx'),
  detail: () => import('./pages/cargo-detail-page.tsx'),
  receiveLink: () => import('./pages/receive-link-page.tsx'),
};

export { startCargoCountSyncIfKept } from './offline/start-if-kept.ts';
