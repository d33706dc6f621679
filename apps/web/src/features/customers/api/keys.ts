/**
 * Query keys of the customers feature, in one place so a save, a delete or a points adjustment
 * can invalidate every view of customers at once. The store is part of each key.
 */
export const customerKeys = {
  all: (store: string) => ['customers', store] as const,
  one: (store: string, id: string) => ['customers', store, 'id', id] as const,
  window: (store: string, params: object) => ['customers', store, 'window', params] as const,
  /** Every window of one customer's history (`history` is one of them). */
  historyOf: (store: string, id: string) => ['customers', store, 'history', id] as const,
  history: (store: string, id: string, params: object) => ['customers', store, 'history', id, params] as const,
  storeCredit: (store: string, id: string) => ['customers', store, 'store-credit', id] as const,
  loyalty: (urlName: string) => ['loyalty', urlName] as const,
};

export const customerPath = (id: string) => `/api/secure/customer/${encodeURIComponent(id)}`;
