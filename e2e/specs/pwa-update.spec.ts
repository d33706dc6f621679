import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { deployedWebApp, deployWebApp, webAppBuild } from '../support/deploy.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';
import { waitActive, waitControlled } from '../support/service-worker.ts';

/**
 * PWA updates: a new version of the web app is deployed while the counter is open. The new service
 * worker waits while a sale is in progress and takes over when the cashier says so or when the sale
 * is done; the cart and the offline sale queue (IndexedDB) survive the reload.
 */

const NEW_BUILD = 'pwa-b';
let served = '';
let newBuild = '';

test.beforeAll(() => {
  // One production build of the current sources, with its own id (~15 s; longer on a busy machine).
  test.setTimeout(300_000);
  served = deployedWebApp();
  newBuild = webAppBuild(NEW_BUILD);
});

// Every test starts on the suite's build, and the suite goes on with it whatever happens here.
test.beforeEach(() => deployWebApp(served));
test.afterAll(() => deployWebApp(served));

async function newContext(browser: Browser) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'allow' });
}

/** Asks the server for a new worker, as the app does every 30 minutes and on coming back to the tab. */
async function checkForUpdate(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/** True while a new worker is installed and waiting, i.e. it has not been told to take over. */
function updateWaiting(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

/** The sales the server holds for the store. */
async function serverSales(page: Page, store: string) {
  const headers = await apiHeaders(page, store);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await page.request.get(
    `/api/secure/shop/transaction/range/by-date?from=${day(-1)}&to=${day(1)}&size=100`,
    { headers },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: { status: string; total: number }[] }).items;
}

test('a cart with three lines survives a service-worker update, which waits for the cashier', async ({ browser }) => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const { store, codes } = await seedStore(page, 'pwaup');
    await waitActive(page);
    await page.goto(`/${store}/shop/counter`);
    await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
    await waitControlled(page);
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-build', NEW_BUILD);

    await wedgeScan(page, codes.inStock);
    await wedgeScan(page, codes.zero);
    await wedgeScan(page, codes.negative);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(3);

    deployWebApp(newBuild);
    await checkForUpdate(page);
    const banner = page.getByTestId('update-banner');
    await expect(banner).toContainText('A new version is ready. It installs after this sale.');
    // The banner meets the same bar as every screen (accessibility.spec.ts).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="update-banner"]').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    }
    // The cart holds it: the new worker is installed but was not told to take over.
    expect(await updateWaiting(page)).toBe(true);
    await expect(lines).toHaveCount(3);
    await expect(html).not.toHaveAttribute('data-build', NEW_BUILD);

    await banner.getByRole('button', { name: 'Update now' }).click();
    await expect(html).toHaveAttribute('data-build', NEW_BUILD);
    await expect(page.getByText('Scan an item to start a sale')).toHaveCount(0);
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText('Green tea 500 g');
    await expect(lines.nth(1)).toContainText('Rice crackers');
    await expect(lines.nth(2)).toContainText('Handmade soap');
    await expect(banner).toHaveCount(0);
    expect(await updateWaiting(page)).toBe(false);
    await waitControlled(page);
  } finally {
    await context.close();
  }
});

test('a sale queued offline survives an update applied when the sale is done, and syncs once online', async ({
  browser,
}) => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const { store, codes } = await seedStore(page, 'pwaq');
    await waitActive(page);
    await page.goto(`/${store}/shop/counter`);
    await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
    // Scanned once online, the product is in this device's copy for the offline sale.
    await wedgeScan(page, codes.inStock);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Clear the cart' }).click();
    await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
    await waitControlled(page);
    const html = page.locator('html');

    // The new version is found while online; then the connection drops.
    deployWebApp(newBuild);
    await checkForUpdate(page);
    const banner = page.getByTestId('update-banner');
    await expect(banner).toContainText('A new version is ready.');
    await context.setOffline(true);

    await wedgeScan(page, codes.inStock);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByTestId('pay-phone').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Exact/ }).click();
    await dialog.getByRole('button', { name: /^Take/ }).click();
    await expect(dialog.getByText('Saved offline — will sync')).toBeVisible();
    // On the change screen the sale is not over for the cashier: the update still waits.
    await expect(banner).toContainText('It installs after this sale.');
    expect(await updateWaiting(page)).toBe(true);
    await expect(html).not.toHaveAttribute('data-build', NEW_BUILD);

    // "New sale": nothing holds the update any more, so it applies, offline, from the new worker's cache.
    await dialog.getByRole('button', { name: 'New sale' }).click();
    // The reload loads every file of the new build from the worker's cache: on a loaded CI machine
    // that took over 10 s once (the page was still navigating), so it gets longer than the default.
    await expect(html).toHaveAttribute('data-build', NEW_BUILD, { timeout: 30_000 });
    await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
    await expect(page.getByText('1 sale waiting to sync')).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await serverSales(page, store)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(/sales? waiting to sync/)).toHaveCount(0, { timeout: 60_000 });
    expect(await serverSales(page, store)).toEqual([expect.objectContaining({ status: 'COMPLETED', total: 1250 })]);
  } finally {
    await context.close();
  }
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('the app is installable: manifest, icons, a controlling worker, and its own offline page', async ({
  playwright,
}, testInfo) => {
  // A profile of its own, not an incognito context: Chromium never offers to install from those.
  const profile = mkdtempSync(path.join(tmpdir(), 'shopdesk-install-'));
  const { baseURL, launchOptions, viewport } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'ShopDesk',
      short_name: 'ShopDesk',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#/),
      background_color: expect.stringMatching(/^#/),
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const res = await page.request.get(icon!.src);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await res.body());
      expect(`${width}x${height}`).toBe(size);
    }

    // The first install takes the page at once; its fetch handler answers offline (below).
    await waitControlled(page);
    // Chromium's own install check, the one behind the install prompt and Lighthouse's audit.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    // A page only the server draws (a public receipt): the app's offline page, in both languages.
    await page.goto('/receipt/ABCDEFGH2345');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'オフラインです' })).toBeVisible();
    await expect(page.getByText('This page needs a connection.')).toBeVisible();
    // Its way back is the app, which opens offline from the worker's cache.
    await page.getByRole('link', { name: 'Open ShopDesk' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
