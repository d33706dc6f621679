/**
 * Query keys of the gift cards feature, in one place so a block or an adjustment can refresh every
 * view of cards at once (the list, the card's page, the liability). The store is part of each key.
 */
export const storedValueKeys = {
  all: (store: string) => ['stored-value', store] as const,
  window: (store: string, params: object) => ['stored-value', store, 'window', params] as const,
  one: (store: string, code: string) => ['stored-value', store, 'code', code] as const,
  liability: (store: string, at: string) => ['stored-value', store, 'liability', at] as const,
  settings: (urlName: string) => ['stored-value-settings', urlName] as const,
};

export const accountPath = (code: string) => `/api/secure/stored-value/code/${encodeURIComponent(code)}`;
