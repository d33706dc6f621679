/** Query keys of the receipts feature; the store being edited is part of each. */
export const receiptKeys = {
  template: (store: string) => ['receipts', store, 'template'] as const,
  store: (store: string) => ['receipts', store, 'store'] as const,
  rate: (store: string) => ['receipts', store, 'rate'] as const,
  latestSale: (store: string) => ['receipts', store, 'latest-sale'] as const,
  logo: (store: string, imageId: string) => ['receipts', store, 'logo', imageId] as const,
};

export const templatePath = (store: string) =>
  `/api/secure/virtual-store/${encodeURIComponent(store)}/receipt-template`;
