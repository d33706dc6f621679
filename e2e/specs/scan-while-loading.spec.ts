import { expect, test } from '@playwright/test';
import { seededSession } from '../support/app-routes.ts';
import { wedgeScan } from '../support/pages.ts';

/**
 * The first scan on a counter still opening on a phone. A mid-range phone (CPU slowed 4×) with
 * nothing cached opens the counter and the cashier scans at once, before the app's code has even
 * arrived: every key of the scan must be kept and the whole code land in the cart.
 *
 * The app's scripts are held back until the scan has been typed, so the keys fall in the load for
 * certain (not only when the machine happens to be slow): the page is only index.html then.
 */
test('counter: a scan fired while the counter loads on a slow phone lands whole', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const baseURL = info.project.use.baseURL!;
  const { seeded, storageState } = await seededSession(browser, baseURL, 'earlyscan');
  // A fresh context: no HTTP cache, no service worker, only the logged-in session.
  const context = await browser.newContext({
    baseURL,
    storageState,
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    let release!: () => void;
    const scanned = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
      await scanned;
      await route.continue();
    });

    await page.goto(`/${seeded.store}/shop/counter`, { waitUntil: 'commit' });
    // As soon as the document exists, before any of the app's code has run.
    await page.waitForSelector('#root', { state: 'attached' });
    await wedgeScan(page, seeded.codes.inStock);
    expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
    release();

    await expect(page.getByTestId('cart-line')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByTestId('cart-line')).toContainText('Green tea 500 g');
    await expect(page.getByTestId('cart-total')).toHaveText('$12.50');
    await expect(page.getByText(/Unknown code/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
