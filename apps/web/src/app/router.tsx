import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { NotFound } from '../components/not-found.tsx';
import { RootIndex, RootLayout } from './root-layout.tsx';
import { StoreShell } from './shell/app-shell.tsx';

/** Pages load on demand so the first screen ships little JavaScript. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function StoreNotFound() {
  const { store = '' } = useParams();
  return <NotFound homeTo={`/${encodeURIComponent(store)}`} />;
}

// Routes of original.md §2 that exist so far, plus stock/edit/{code} and profile/printers. Screens
// of later issues (cargo, shop, receipt, support, subscription) fall through to the not-found page until they are built.
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner fullScreen />,
    children: [
      { index: true, element: <RootIndex /> },
      { path: 'auth', lazy: page(() => import('../features/auth/pages/login-page.tsx')) },
      { path: 'signUp', lazy: page(() => import('../features/auth/pages/sign-up-page.tsx')) },
      { path: 'forgot-password', lazy: page(() => import('../features/auth/pages/forgot-password-page.tsx')) },
      { path: 'confirm/:token', lazy: page(() => import('../features/auth/pages/confirm-page.tsx')) },
      { path: 'legal', lazy: page(() => import('../features/legal/legal-page.tsx')) },
      // Public paths that must never be taken for a store name.
      { path: 'receipt/*', element: <NotFound /> },
      { path: 'ads.txt', element: <NotFound /> },
      {
        path: ':store',
        element: <StoreShell />,
        children: [
          { index: true, lazy: page(() => import('../features/home/home-page.tsx')) },
          { path: 'profile', lazy: page(() => import('../features/profile/pages/profile-page.tsx')) },
          { path: 'profile/edit', lazy: page(() => import('../features/profile/pages/profile-edit-page.tsx')) },
          { path: 'profile/security', lazy: page(() => import('../features/profile/pages/security-page.tsx')) },
          { path: 'profile/store', lazy: page(() => import('../features/stores/pages/store-page.tsx')) },
          { path: 'profile/printers', lazy: page(() => import('../features/printers/pages/printers-page.tsx')) },
          { path: 'stock', element: <Navigate to="list" replace /> },
          { path: 'stock/scan/:barcode?', lazy: page(() => import('../features/products/pages/scan-page.tsx')) },
          { path: 'stock/new', lazy: page(() => import('../features/products/pages/product-form-page.tsx')) },
          { path: 'stock/edit/:code', lazy: page(() => import('../features/products/pages/product-form-page.tsx')) },
          { path: 'stock/list', lazy: page(() => import('../features/products/pages/product-list-page.tsx')) },
          { path: 'stock/inventory-catalog', lazy: page(() => import('../features/products/pages/catalog-page.tsx')) },
          { path: '*', element: <StoreNotFound /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
