/** Query keys of the counter's server state. */
export const counterKeys = {
  parked: (store: string) => ['shop', 'parked', store.toLowerCase()] as const,
  sale: (store: string, code: string) => ['shop', 'transaction', store.toLowerCase(), code] as const,
  /**
   * The store's exchange rate: the same key as the stores feature's settings screen and the shell
   * (features/stores/api/store-rate-key.ts), written out here because a feature never imports another;
   * sharing it means a manual rate set in settings shows at the counter at once.
   */
  rate: (store: string) => ['store', 'rate', store.toLowerCase()] as const,
  /**
   * The transactions screens' prefix (features/sales/api/keys.ts `salesKeys.all`), written out for the
   * same reason: a sale or a held cart made here refreshes their lists.
   */
  salesScreens: (store: string) => ['sales', store] as const,
};
