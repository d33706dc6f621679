import { expect, type Browser, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { sessionToken, signUpConfirmed, type NewAccount } from './pages.ts';

/**
 * Every route of original.md §2 (and the app's own: stock/edit, profile/printers), with the
 * values a real store gives them, for the accessibility sweep and the screenshot script. Screens
 * of later issues still render something (the not-found page) and are checked as they are.
 */
export interface AppRoute {
  /** A short name for reports and file names. */
  name: string;
  path: string;
  /** What a person does on the screen first, to reach a state worth checking (a tab, a drawer). */
  prepare?: (page: Page) => Promise<void>;
}

/** Chooses a home tab by position (0 CARGO, 1 INVENTORY, 2 SHOP), so any language works. */
const chooseTab = (index: number) => async (page: Page) => {
  const tab = page.getByRole('tab').nth(index);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
};

/** Opens the navigator where it is a drawer (phones); on a desktop it is open already. */
const openNavigator = async (page: Page) => {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.locator('header .mantine-Burger-root').click();
  await expect(page.locator('.mantine-AppShell-navbar nav')).toBeVisible();
};

export const PUBLIC_ROUTES: AppRoute[] = [
  { name: 'login', path: '/auth' },
  { name: 'sign-up', path: '/signUp' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'legal', path: '/legal' },
  { name: 'confirm-bad-token', path: '/confirm/not-a-real-token' },
  { name: 'invite-bad-token', path: '/invite/not-a-real-token' },
  { name: 'receipt', path: '/receipt/R-UNKNOWN' },
];

/** A store with a few products: one in stock, one at zero, one sold below zero. */
export interface SeededStore {
  owner: NewAccount;
  store: string;
  codes: { inStock: string; zero: string; negative: string };
}

export function storeRoutes({ store, codes }: SeededStore): AppRoute[] {
  const s = `/${store}`;
  return [
    { name: 'home', path: s },
    { name: 'home-inventory', path: s, prepare: chooseTab(1) },
    { name: 'home-shop', path: s, prepare: chooseTab(2) },
    { name: 'navigator', path: s, prepare: openNavigator },
    { name: 'profile', path: `${s}/profile` },
    { name: 'profile-edit', path: `${s}/profile/edit` },
    { name: 'profile-security', path: `${s}/profile/security` },
    { name: 'profile-store', path: `${s}/profile/store` },
    { name: 'profile-store-members', path: `${s}/profile/store/${store}/members` },
    { name: 'profile-store-tills', path: `${s}/profile/store/${store}/tills` },
    { name: 'profile-printers', path: `${s}/profile/printers` },
    { name: 'profile-support', path: `${s}/profile/support` },
    { name: 'profile-subscription', path: `${s}/profile/subscription` },
    { name: 'profile-pricing', path: `${s}/profile/subscription/pricing` },
    { name: 'receipt-template', path: `${s}/profile/store/receipt-template/${store}` },
    { name: 'cargo-list', path: `${s}/cargo/manage` },
    { name: 'cargo-new', path: `${s}/cargo/manage/new` },
    { name: 'cargo-detail', path: `${s}/cargo/manage/C-UNKNOWN` },
    { name: 'stock-scan', path: `${s}/stock/scan` },
    { name: 'stock-scan-product', path: `${s}/stock/scan/${codes.inStock}` },
    { name: 'stock-scan-unknown', path: `${s}/stock/scan/2000000000008` },
    { name: 'stock-take', path: `${s}/stock/scan?i=true` },
    { name: 'stock-new', path: `${s}/stock/new` },
    { name: 'stock-edit', path: `${s}/stock/edit/${codes.negative}` },
    { name: 'stock-list', path: `${s}/stock/list` },
    { name: 'stock-catalog', path: `${s}/stock/inventory-catalog` },
    { name: 'shop-statistic', path: `${s}/shop/statistic` },
    { name: 'customers', path: `${s}/shop/customers` },
    { name: 'customer-new', path: `${s}/shop/customers/new` },
    { name: 'customer-unknown', path: `${s}/shop/customers/no-such-customer` },
    { name: 'profile-store-loyalty', path: `${s}/profile/store/${store}/loyalty` },
    { name: 'gift-cards', path: `${s}/shop/gift-cards` },
    { name: 'gift-card-unknown', path: `${s}/shop/gift-cards/0000000000000000` },
    { name: 'gift-card-liability', path: `${s}/shop/gift-cards/liability` },
    { name: 'profile-store-stored-value', path: `${s}/profile/store/${store}/stored-value` },
    { name: 'shop-activity', path: `${s}/shop/activity` },
    { name: 'shop-exceptions', path: `${s}/shop/exceptions` },
    { name: 'shop-list', path: `${s}/shop/list` },
    { name: 'shop-counter', path: `${s}/shop/counter` },
    { name: 'shop-shift', path: `${s}/shop/shift` },
    { name: 'store-not-found', path: '/no-such-store-here' },
  ];
}

/** Signs up and confirms an owner, then adds three products through the API. */
export async function seedStore(page: Page, tag: string): Promise<SeededStore> {
  const owner = await signUpConfirmed(page, tag);
  const store = owner.urlName;
  const headers = { Authorization: `Bearer ${await sessionToken(page)}`, 'X-Store': store };
  const codes = { inStock: randomInStoreEan13(), zero: randomInStoreEan13(), negative: randomInStoreEan13() };
  const products = [
    { code: codes.inStock, name: 'Green tea 500 g', brand: 'Ocha', category: 'Drinks', price: 1250, quantity: 12 },
    { code: codes.zero, name: 'Rice crackers', brand: 'Kameda', category: 'Snacks', price: 320, quantity: 0 },
    { code: codes.negative, name: 'Handmade soap', brand: '', category: 'Household', price: 600, quantity: -2 },
  ];
  for (const { quantity, ...body } of products) {
    // Opening stock is never negative: the oversold product starts at 0 and is adjusted down.
    const res = await page.request.post('/api/secure/product', {
      headers,
      data: { ...body, quantity: Math.max(0, quantity) },
    });
    expect(res.status(), await res.text()).toBe(201);
    if (quantity < 0) {
      const adjusted = await page.request.post(`/api/secure/product/code/${body.code}/adjust`, {
        headers,
        data: { delta: quantity, reason: 'ADJUSTMENT' },
      });
      expect(adjusted.status(), await adjusted.text()).toBe(200);
    }
  }
  return { owner, store, codes };
}

/** A logged-in session to open contexts with, seeded once per run. */
export async function seededSession(browser: Browser, baseURL: string, tag: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const seeded = await seedStore(page, tag);
    return { seeded, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** Waits until the screen has settled: no loader, no running animation (fades skew contrast). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: /Loading|読み込み中/ })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
    .toBe(0);
}
