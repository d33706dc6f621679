/**
 * The receipts feature's surface: the receipt template screen of a store (loaded on demand), with
 * a live preview drawn by the shared receipt renderer that the public receipt page uses too.
 */
export const receiptsPages = {
  template: () => import('./pages/receipt-template-page.tsx'),
  /** `/receipt/{code}` inside the apps (deep links); browsers get the server's page there. */
  receiptLink: () => import('./pages/receipt-link-page.tsx'),
};
