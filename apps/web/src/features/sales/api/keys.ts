/**
 * Query keys of the sales feature. The store is part of each key; `all` is the prefix a refund
 * invalidates, so the list, the held carts and every open detail refresh together.
 */
export const salesKeys = {
  all: (store: string) => ['sales', store] as const,
  window: (store: string, params: object) => ['sales', store, 'window', params] as const,
  one: (store: string, code: string) => ['sales', store, 'code', code] as const,
  parked: (store: string) => ['sales', store, 'parked'] as const,
};

export const transactionPath = (code: string) => `/api/secure/shop/transaction/${encodeURIComponent(code)}`;
