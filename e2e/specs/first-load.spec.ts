import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { describeLoad, FIRST_LOAD_BUDGET, measureFirstLoad, PUBLIC_SCREENS } from '../support/first-load.ts';
import { oneCashSale } from '../support/one-sale.ts';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

// Bytes on the wire as a phone on a weak connection sees them, opened cold (a fresh context: empty
// cache, no service worker yet). A byte budget, not a timing.
test.describe('first load, cache empty', () => {
  async function coldLoad(
    browser: Browser,
    path: string,
    ready: Parameters<typeof measureFirstLoad>[2],
    storageState?: BrowserContextOptions['storageState'],
  ) {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      serviceWorkers: 'block',
      storageState,
    });
    try {
      return await measureFirstLoad(context, path, ready);
    } finally {
      await context.close();
    }
  }

  // Every public screen, not only the login page (sign-up once took 277 KB in 30 requests).
  for (const screen of PUBLIC_SCREENS) {
    test(`the ${screen.name} page stays within 250 KB and 15 requests`, async ({ browser }) => {
      const load = await coldLoad(browser, screen.path, screen.ready);
      console.log(`${screen.path} cold: ${describeLoad(load)}`);
      expect(load.bytes, describeLoad(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.bytes);
      expect(load.requests, describeLoad(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.requests);
    });
  }

  test('the public receipt stays within 250 KB and 15 requests', async ({ browser, page }) => {
    const owner = await signUpConfirmed(page, 'coldreceipt');
    const headers = await apiHeaders(page, owner.urlName);
    const sale = await oneCashSale(page, headers);
    const load = await coldLoad(browser, `/receipt/${sale.code}`, (p) => p.getByText(sale.code).first().waitFor());
    console.log(`receipt cold: ${describeLoad(load)}`);
    expect(load.bytes, describeLoad(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.bytes);
    expect(load.requests, describeLoad(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.requests);
  });

  test('home stays within 250 KB and 15 requests', async ({ browser, page }) => {
    const owner = await signUpConfirmed(page, 'cold');
    // The stored session only: a returning owner whose browser cache was emptied.
    const storageState = await page.context().storageState();
    const load = await coldLoad(
      browser,
      `/${owner.urlName}`,
      (home) => expect(home.getByRole('heading', { level: 2 }).first()).toBeVisible(),
      storageState,
    );
    console.log(`home cold: ${describeLoad(load)}`);
    expect(load.bytes, describeLoad(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.bytes);
    expect(load.requests, describeLoad(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.requests);
  });
});
