/**
 * Query keys of the counter's server state. Sales and held carts use the transactions screens' keys
 * (features/sales/api/keys.ts `salesKeys`), written out here because a feature never imports
 * another: the same data is then one cache, and one invalidation of the `sales` prefix refreshes
 * the counter's held carts and the transactions screens together.
 */
export const counterKeys = {
  /** Every query of the store's sales: what a sale or a held cart made here invalidates. */
  sales: (store: string) => ['sales', store] as const,
  parked: (store: string) => ['sales', store, 'parked'] as const,
  sale: (store: string, code: string) => ['sales', store, 'code', code] as const,
  /**
   * The store's exchange rate: the same key as the stores feature's settings screen and the shell
   * (features/stores/api/store-rate-key.ts), so a manual rate set in settings shows at the counter at once.
   */
  rate: (store: string) => ['store', 'rate', store.toLowerCase()] as const,
};
