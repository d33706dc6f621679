import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from '../lib/router/index.ts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { RouteError } from './route-error.tsx';
import { loadCounterTexts, loadItemTexts, loadLaterTexts, loadPublicTexts } from '../lib/i18n.ts';
import { NotFound } from '../components/not-found.tsx';
import { RootIndex, RootLayout } from './root-layout.tsx';
import { StoreShell } from './shell/app-shell.tsx';
import { paths, routes } from '../lib/paths.ts';
import { authPages } from '../features/auth/index.ts';
import { cargoPages } from '../features/cargo/index.ts';
import { customersPages } from '../features/customers/index.ts';
import { counterPages } from '../features/counter/index.ts';
import { customerDisplayPages } from '../features/customer-display/index.ts';
import { homePages } from '../features/home/index.ts';
import { legalPages } from '../features/legal/index.ts';
import { printersPages } from '../features/printers/index.ts';
import { productsPages } from '../features/products/index.ts';
import { profilePages } from '../features/profile/index.ts';
import { receiptsPages } from '../features/receipts/index.ts';
import { membersPages } from '../features/members/index.ts';
import { salesPages } from '../features/sales/index.ts';
import { shiftsPages } from '../features/shifts/index.ts';
import { statisticsPages } from '../features/statistics/index.ts';
import { activityPages } from '../features/activity/index.ts';
import { storesPages } from '../features/stores/index.ts';
import { storedValuePages } from '../features/stored-value/index.ts';
import { subscriptionPages } from '../features/subscription/index.ts';
import { supportPages } from '../features/support/index.ts';
import { tillsPages } from '../features/tills/index.ts';

/** Which later texts a screen loads: all (true), a part of its own, or none (a first screen). */
type LaterTexts = boolean | 'counter' | 'public';

function loadTexts(part: LaterTexts): Promise<void> | null {
  if (part === 'counter') return loadCounterTexts();
  if (part === 'public') return loadPublicTexts();
  return part ? loadLaterTexts() : null;
}

/**
 * Pages load on demand so the first screen ships little JavaScript. Pages past the first screens
 * bring Mantine's full stylesheet and the later texts with them (the first screens carry only
 * their own rules, first-screen.css, and texts). The public screens (sign-up, forgot password,
 * confirm, legal) are styled by first-screen.css too (the build checks it, first-screen-styles.ts):
 * a visitor's first load has the same budget as the login page's.
 */
const page =
  (
    load: () => Promise<{ default: ComponentType }>,
    { fullStyles = true, laterTexts = true as LaterTexts, itemTexts = false } = {},
  ) =>
  async () => {
    const [module] = await Promise.all([
      load(),
      fullStyles ? import('./full-styles.ts') : null,
      loadTexts(laterTexts),
      itemTexts ? loadItemTexts() : null,
    ]);
    return { Component: module.default };
  };
const FIRST_SCREEN = { fullStyles: false, laterTexts: false };
/** Screens that show items, variants or batch labels (their texts are a part of their own). */
const ITEM_SCREEN = { itemTexts: true };
/** Sign-up, forgot password, confirm: only their part of the later texts (lib/i18n.ts, loadPublicTexts). */
const PUBLIC_SCREEN = { fullStyles: false, laterTexts: 'public' as const };
/** The legal page: public too, with all later texts (`legal`, which no other public screen shows). */
const LEGAL_SCREEN = { fullStyles: false };
/** The counter brings only its own part of the later texts (lib/i18n.ts, loadCounterTexts). */
const COUNTER_SCREEN = { laterTexts: 'counter' as const };
/**
 * The customer display: a public first load that brings its own styles (display.css) and texts
 * (en-US.json?display, imported by its pages), nothing else.
 */
const DISPLAY_SCREEN = { fullStyles: false, laterTexts: false };

function StoreNotFound() {
  const { store = '' } = useParams();
  return <NotFound homeTo={paths.store(store)} />;
}

// Routes of original.md §2 that exist so far, plus stock/edit/{code}, profile/printers and the store's
// sale settings. Screens of later issues (cargo, support, subscription) say "coming soon" until they
// are built. /receipt/{code} is a page the server draws (modules/receipts): links to it must load the
// document (a plain <a href> or reloadDocument); the app's receipt/* route is only a client-side miss.
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner fullScreen />,
    children: [
      { index: true, element: <RootIndex /> },
      { path: routes.auth, lazy: page(authPages.login, FIRST_SCREEN) },
      { path: routes.signUp, lazy: page(authPages.signUp, PUBLIC_SCREEN) },
      { path: routes.forgotPassword, lazy: page(authPages.forgotPassword, PUBLIC_SCREEN) },
      { path: routes.confirm, lazy: page(authPages.confirm, PUBLIC_SCREEN) },
      { path: routes.legal, lazy: page(legalPages.legal, LEGAL_SCREEN) },
      // Public paths that must never be taken for a store name.
      // The server draws /receipt/{code} for browsers; the apps open receipt links here (deep links).
      { path: routes.receipt, lazy: page(receiptsPages.receiptLink) },
      { path: routes.adsTxt, element: <NotFound /> },
      // A hand-over QR's link: `cargo` is a reserved store name, so it never shadows a store.
      { path: routes.cargoReceive, lazy: page(cargoPages.receiveLink) },
      { path: routes.invite, lazy: page(membersPages.invite) },
      // The customer display (issue 45): public, `display` and `display-window` are reserved store names.
      { path: routes.display, lazy: page(customerDisplayPages.display, DISPLAY_SCREEN) },
      { path: routes.localDisplay, lazy: page(customerDisplayPages.display, DISPLAY_SCREEN) },
      {
        path: routes.store,
        element: <StoreShell />,
        children: [
          { index: true, lazy: page(homePages.home, FIRST_SCREEN) },
          { path: routes.profile, lazy: page(profilePages.profile) },
          { path: routes.profileEdit, lazy: page(profilePages.edit) },
          { path: routes.profileSecurity, lazy: page(profilePages.security) },
          { path: routes.profileStore, lazy: page(storesPages.store) },
          { path: routes.profileStoreSales, lazy: page(storesPages.saleSettings) },
          { path: routes.profileStoreMembers, lazy: page(membersPages.members) },
          { path: routes.profileStoreTills, lazy: page(tillsPages.tills) },
          { path: routes.profileStoreLoyalty, lazy: page(customersPages.loyalty) },
          { path: routes.profileStoreStoredValue, lazy: page(storedValuePages.settings) },
          { path: routes.profileStoreBarcodeRules, lazy: page(storesPages.barcodeRules) },
          { path: routes.profileStoreReceipt, lazy: page(receiptsPages.template) },
          { path: routes.profilePrinters, lazy: page(printersPages.printers) },
          { path: routes.profileSubscription, lazy: page(subscriptionPages.subscription) },
          { path: routes.profileSubscriptionPricing, lazy: page(subscriptionPages.pricing) },
          { path: routes.profileSubscriptionReturn, lazy: page(subscriptionPages.checkoutReturn) },
          { path: routes.profileSupport, lazy: page(supportPages.support) },
          { path: routes.stock, element: <Navigate to="list" replace /> },
          { path: routes.stockScan, lazy: page(productsPages.scan, ITEM_SCREEN) },
          { path: routes.stockNew, lazy: page(productsPages.form, ITEM_SCREEN) },
          { path: routes.stockEdit, lazy: page(productsPages.form, ITEM_SCREEN) },
          { path: routes.stockList, lazy: page(productsPages.list, ITEM_SCREEN) },
          { path: routes.stockCatalog, lazy: page(productsPages.catalog) },
          { path: routes.itemNew, lazy: page(productsPages.item, ITEM_SCREEN) },
          { path: routes.itemEdit, lazy: page(productsPages.item, ITEM_SCREEN) },
          { path: routes.shopCounter, lazy: page(counterPages.counter, COUNTER_SCREEN) },
          { path: routes.shopList, lazy: page(salesPages.list) },
          { path: routes.shopShift, lazy: page(shiftsPages.shift) },
          { path: routes.shopShiftReport, lazy: page(shiftsPages.report) },
          { path: routes.shopStatistic, lazy: page(statisticsPages.report) },
          { path: routes.shopActivity, lazy: page(activityPages.log) },
          { path: routes.shopExceptions, lazy: page(statisticsPages.exceptions) },
          { path: routes.customers, lazy: page(customersPages.list) },
          { path: routes.customerNew, lazy: page(customersPages.form) },
          { path: routes.customerPage, lazy: page(customersPages.customer) },
          { path: routes.customerEdit, lazy: page(customersPages.form) },
          { path: routes.giftCards, lazy: page(storedValuePages.list) },
          { path: routes.giftCardLiability, lazy: page(storedValuePages.liability) },
          { path: routes.giftCardPage, lazy: page(storedValuePages.card) },
          { path: routes.cargoList, lazy: page(cargoPages.list) },
          { path: routes.cargoNew, lazy: page(cargoPages.edit) },
          { path: routes.cargoDetail, lazy: page(cargoPages.detail, ITEM_SCREEN) },
          ...routes.comingSoon.map((path) => ({ path, element: <ComingSoon /> })),
          { path: '*', element: <StoreNotFound /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(appRoutes, { errorElement: <RouteError /> });
