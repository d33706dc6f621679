/** The products feature's surface: the stock pages (loaded on demand). */
export const productsPages = {
  scan: () => import('./pages/scan-page.tsx'),
  form: () => import('./pages/product-form-page.tsx'),
  list: () => import('./pages/product-list-page.tsx'),
  catalog: () => import('./pages/catalog-page.tsx'),
  item: () => import('./pages/item-form-page.tsx'),
};
