import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { waitActive, waitControlled } from '../support/service-worker.ts';

/** Whether the offline cache in IndexedDB (idb-keyval's default store) holds `text`. */
function offlineCacheHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (needle) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(false);
          const all = db.transaction('keyval').objectStore('keyval').getAll();
          all.onsuccess = () => resolve(all.result.some((v) => typeof v === 'string' && v.includes(needle)));
          all.onerror = () => resolve(false);
        };
      }),
    text,
  );
}

// Issue 14: offline, the last loaded list and looked-up product stay visible with a banner, and
// writes are disabled with a reason; back online the banner goes.
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
