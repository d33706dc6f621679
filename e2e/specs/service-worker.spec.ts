import { expect, test } from '@playwright/test';
import { waitActive, waitControlled } from '../support/service-worker.ts';

// The build is served compressed; the service worker must still precache it and serve the app shell
// without the network.
test('the service worker installs and opens the login page offline', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const scope = await waitActive(page);
    expect(new URL(scope).pathname).toBe('/');
    // Installed means precached: wait until the worker controls a fresh load of the page.
    await page.reload();
    await waitControlled(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  } finally {
    await context.close();
  }
});
