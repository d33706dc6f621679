import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders } from '../support/pages.ts';

/**
 * The app's own router (apps/web/src/lib/router): what react-router did for us and users rely on.
 * The cargo editor holds the browser's back button while counts are unsaved; a screen whose code
 * cannot be downloaded says so (and Reload or the next visit tries again); a ctrl-click on a link
 * opens a new page and leaves the app where it is.
 */

test('the browser back button is held while cargo counts are unsaved', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'rtBack');
  const headers = await apiHeaders(page, store);
  const made = await page.request.post('/api/secure/cargo/new', {
    headers,
    data: { name: 'Back test', contents: [{ code: codes.inStock, name: 'Green tea 500 g', quantity: 1 }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { code } = await made.json();
  // In-app steps, so back is a popstate inside the app (a back to another document cannot be held).
  await page.goto(`/${store}/cargo/manage/${code}`);
  await page.getByRole('link', { name: 'Edit contents' }).click();
  const quantity = page.getByRole('textbox', { name: 'Quantity of Green tea 500 g' });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('switch', { name: 'Save as I count' }).uncheck();
  await page.getByRole('button', { name: 'Add one Green tea 500 g' }).click();
  await expect(page.getByTestId('cargo-save-state')).toHaveText('Not saved yet');

  await page.goBack({ waitUntil: 'commit' });
  const leave = page.getByRole('dialog', { name: 'Save your counts?' });
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cargo/manage/new/${code}\\?edit=true$`));
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  await expect(quantity).toHaveValue('2');
  await expect(page).toHaveURL(new RegExp(`/cargo/manage/new/${code}\\?edit=true$`));

  await page.goBack({ waitUntil: 'commit' });
  await leave.getByRole('button', { name: 'Save and leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/cargo/manage/${code}$`));
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/secure/cargo/code/${code}/contents`, { headers })).json())[0].quantity,
    )
    .toBe(2);
});

const LEGAL_CHUNK = /\/assets\/legal-page-[^/]*\.js$/;
const legalLink = (page: Page) => page.locator('a[href="/legal"]').first();

test('a screen whose code fails to load says so; back works and the next visit loads it', async ({ page }) => {
  await page.route(LEGAL_CHUNK, (route) => route.abort());
  await page.goto('/auth');
  await legalLink(page).click();
  await expect(
    page.getByText('This screen could not be loaded. Check your connection, then reload the page.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/legal$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(legalLink(page)).toBeVisible();
  await page.unroute(LEGAL_CHUNK);
  await page.goForward();
  await expect(page).toHaveURL(/\/legal$/);
  await expect(page.getByRole('heading', { name: 'Terms and privacy' })).toBeVisible();
});

test('Reload loads the screen once its code is reachable', async ({ page }) => {
  await page.route(LEGAL_CHUNK, (route) => route.abort());
  await page.goto('/auth');
  await legalLink(page).click();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await page.unroute(LEGAL_CHUNK);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByRole('heading', { name: 'Terms and privacy' })).toBeVisible();
});

test('a ctrl-click on a link opens a new page and the app stays where it is', async ({ page }) => {
  await page.goto('/auth');
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    legalLink(page).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(page).toHaveURL(/\/auth$/);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/legal$/);
});
