/** The customers feature's surface: the customers screens and the points settings (loaded on demand). */
export const customersPages = {
  list: () => import('./pages/customer-list-page.tsx'),
  form: () => import('./pages/customer-form-page.tsx'),
  customer: () => import('./pages/customer-page.tsx'),
  loyalty: () => import('./pages/loyalty-settings-page.tsx'),
};
