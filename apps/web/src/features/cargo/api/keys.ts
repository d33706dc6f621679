/**
 * Query keys of the cargo feature, per store (the X-Store of every call), in one place so a change
 * (a count, an arrival, a hand-over) can refresh every view of cargo at once.
 */
export const cargoKeys = {
  all: (store: string) => ['cargo', store] as const,
  window: (store: string, params: object) => ['cargo', store, 'window', params] as const,
  one: (store: string, code: string) => ['cargo', store, 'code', code] as const,
  contents: (store: string, code: string) => ['cargo', store, 'code', code, 'contents'] as const,
  contentWindow: (store: string, code: string, params: object) =>
    ['cargo', store, 'code', code, 'content-window', params] as const,
  /** Outside `one(...)` on purpose: refreshing a cargo's views must not refresh its cursor too. */
  changes: (store: string, code: string) => ['cargo', store, 'changes', code] as const,
  qr: (store: string, code: string) => ['cargo', store, 'code', code, 'qr'] as const,
  product: (store: string, code: string) => ['cargo', store, 'product', code] as const,
};

export const cargoPath = (code: string) => `/api/secure/cargo/code/${encodeURIComponent(code)}`;
export const contentPath = (code: string, contentId?: string) =>
  `/api/secure/cargo-content/code/${encodeURIComponent(code)}/content${contentId ? `/${encodeURIComponent(contentId)}` : ''}`;
