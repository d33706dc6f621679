/**
 * Query keys of the product feature, in one place so a change (a save, a stock adjustment) can
 * invalidate every view of products at once. The store is part of each key: the same barcode in
 * two stores is two products.
 */
export const productKeys = {
  all: (store: string) => ['products', store] as const,
  one: (store: string, code: string) => ['products', store, 'code', code] as const,
  suggestion: (store: string, code: string) => ['products', store, 'suggestion', code] as const,
  window: (store: string, params: object) => ['products', store, 'window', params] as const,
  infinite: (store: string, params: object) => ['products', store, 'infinite', params] as const,
  categories: (store: string) => ['products', store, 'categories'] as const,
};

export const productPath = (code: string) => `/api/secure/product/code/${encodeURIComponent(code)}`;

/**
 * Items (an item and its variants) live under the products' key: a save of either invalidates
 * both, as a variant is a product.
 */
export const itemKeys = {
  one: (store: string, id: string) => ['products', store, 'item', id] as const,
  window: (store: string, params: object) => ['products', store, 'items', params] as const,
};

export const itemPath = (id: string) => `/api/secure/item/${encodeURIComponent(id)}`;
