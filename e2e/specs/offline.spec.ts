import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';
import { waitActive, waitControlled } from '../support/service-worker.ts';
import { readyCounterForOffline } from '../support/offline-counter.ts';
import { readObjectStore } from '../support/indexed-db.ts';

/** Whether the offline cache in IndexedDB (idb-keyval's default store) holds `text`. */
async function offlineCacheHolds(page: Page, text: string): Promise<boolean> {
  const values = await readObjectStore(page, 'keyval-store', 'keyval');
  return (values ?? []).some((v) => typeof v === 'string' && v.includes(text));
}

// Offline, the last loaded list and looked-up product stay visible with a banner, and writes are
// disabled with a reason; back online the banner goes.
test('offline: the product list and a looked-up product show the last data, writes are off', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const { store, codes } = await seedStore(page, 'off');

    // Online: open the list and look one product up, as a shop owner would before the line drops.
    await page.goto(`/${store}/stock/list`);
    await expect(page.getByText('Rice crackers').first()).toBeVisible();
    await expect.poll(() => offlineCacheHolds(page, 'Rice crackers')).toBe(true);
    await page.goto(`/${store}/stock/scan/${codes.inStock}`);
    await expect(page.getByRole('heading', { name: 'Green tea 500 g' })).toBeVisible();
    // The service worker holds the app shell once installed; a reload puts the page under it.
    await waitActive(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Green tea 500 g' })).toBeVisible();
    await waitControlled(page);
    await expect.poll(() => offlineCacheHolds(page, 'Rice crackers')).toBe(true);
    // The lookup itself is kept (the name alone would also be found in the list's window).
    await expect.poll(() => offlineCacheHolds(page, `"code","${codes.inStock}"`)).toBe(true);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    await context.setOffline(true);

    // A fresh load of the list without any connection: the shell from the worker, data from the device.
    await page.goto(`/${store}/stock/list`);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText("You're offline.");
    await expect(banner).toContainText("changes can't be saved");
    await expect(page.getByText('Rice crackers').first()).toBeVisible();
    await expect(page.getByText('Handmade soap').first()).toBeVisible();
    await expect(page.getByText('Cannot reach the server')).toHaveCount(0);
    // The banner meets the same bar as every screen (accessibility.spec.ts).
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="offline-banner"]').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    }

    await page.goto(`/${store}/stock/scan/${codes.inStock}`);
    await expect(page.getByRole('heading', { name: 'Green tea 500 g' })).toBeVisible();
    await expect(page.getByTestId('stock-quantity')).toHaveText('12');
    await expect(banner).toBeVisible();
    for (const name of ['Add one to stock', 'Set count', 'Adjust…']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(/changes can't be saved until the connection is back/);
    }

    // A code never looked up on this device says so, instead of loading for ever.
    await page.goto(`/${store}/stock/scan/4006381333931`);
    await expect(page.getByText('Not on this device yet')).toBeVisible();
    // A screen never opened on this device says it loads once back online, not placeholders for ever.
    await page.goto(`/${store}/shop/statistic`);
    await expect(banner).toContainText('This page was never loaded on this device');
    await page.goto(`/${store}/stock/scan/${codes.inStock}`);
    await expect(page.getByRole('heading', { name: 'Green tea 500 g' })).toBeVisible();

    // Back online: the banner goes and writing works again.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add one to stock', exact: true })).toBeEnabled();

    // Logging out leaves nothing of this user's data on the device.
    await page.goto(`/${store}/profile`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect.poll(() => offlineCacheHolds(page, 'Rice crackers')).toBe(false);
  } finally {
    await context.close();
  }
});

// A sale made offline is stored with the device's time of the sale, not the time it synced. The
// page's clock runs two minutes behind the server's while the sale is made offline, then moves on
// two minutes (the device waited that long for a connection) before it syncs.
test('offline: a sale queued two minutes before it syncs keeps its sale time', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const { store, codes } = await seedStore(page, 'late');
    const headers = await apiHeaders(page, store);
    await readyCounterForOffline(page, store, codes.inStock);

    await context.setOffline(true);
    await wedgeScan(page, codes.inStock);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // From here the device's clock reads two minutes before the server's (installed after the scan,
    // whose burst the counter times by the keys' own timestamps).
    await page.clock.install({ time: new Date(Date.now() - 120_000) });
    await page.getByTestId('pay-phone').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Exact/ }).click();
    const before = await page.evaluate(() => Date.now());
    await dialog.getByRole('button', { name: /^Take/ }).click();
    await expect(dialog.getByText('Saved offline — will sync')).toBeVisible();
    const after = await page.evaluate(() => Date.now());
    await dialog.getByRole('button', { name: 'New sale' }).click();
    await expect(page.getByText('1 sale waiting to sync')).toBeVisible();

    await page.clock.fastForward('02:00');
    await context.setOffline(false);
    await expect(page.getByText(/sales? waiting to sync/)).toHaveCount(0, { timeout: 60_000 });

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const list = await page.request.get(
      `/api/secure/shop/transaction/range/by-date?from=${day(-1)}&to=${day(1)}&size=10`,
      { headers },
    );
    expect(list.status()).toBe(200);
    const items = ((await list.json()) as { items: { soldAt: string; createdAt: string }[] }).items;
    expect(items).toHaveLength(1);
    const soldAt = Date.parse(items[0]!.soldAt);
    const createdAt = Date.parse(items[0]!.createdAt);
    // Stored with the moment the cashier took the payment on the device...
    expect(soldAt).toBeGreaterThanOrEqual(before);
    expect(soldAt).toBeLessThanOrEqual(after);
    // ...while the server kept its own receive time, two minutes later.
    expect(createdAt - soldAt).toBeGreaterThanOrEqual(115_000);
  } finally {
    await context.close();
  }
});
