import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, newAccount, signUpConfirmed } from '../support/pages.ts';

/**
 * On a phone: the product form refuses a minus sign, letters and an over-long name with sentences;
 * a Japanese store name suggests a URL name; a stock adjustment says why, and the history shows it;
 * the exchange rate can be typed either way round.
 */

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('a Japanese store name suggests an editable URL name at sign-up', async ({ page }) => {
  const a = newAccount('ja');
  await page.goto('/signUp');
  await page.getByLabel('Store name', { exact: true }).fill('さくらカフェ');
  const url = page.getByLabel('Store URL name', { exact: true });
  await expect(url).toHaveValue('sakurakafe');
  await expect(page.getByText(/Suggested from the store name; change it if you like/)).toBeVisible();
  await page.getByLabel('Store name', { exact: true }).fill('東京商店');
  await expect(url).toHaveValue(/^store-[a-z2-9]{6}$/);
  await expect(page.getByText('Store URL name must be at least 3 characters')).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).fill(a.name);
  await page.getByLabel('Email', { exact: true }).fill(a.email);
  await shot(page, 'signup-japanese-store-phone');
});

test('product form refusals, a stock adjustment with its reason, and the rate either way', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'forms');
  const store = owner.urlName;

  await page.goto(`/${store}/stock/new`);
  const code = randomInStoreEan13();
  await page.getByLabel('Barcode', { exact: true }).fill(code);
  const name = page.getByLabel('Product name', { exact: true });
  await name.fill('N'.repeat(169));
  await expect(name).toHaveValue('N'.repeat(169));
  await expect(page.getByText('This is 169 characters long; at most 120 fit. Please shorten it.')).toBeVisible();
  await name.fill('Green tea');
  await page.getByLabel('Price', { exact: true }).fill('-100');
  await page.getByLabel('Opening quantity', { exact: true }).fill('-5');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('A price cannot be negative. Enter it without the minus sign.')).toBeVisible();
  await expect(page.getByText('Opening stock must not be negative')).toBeVisible();
  await shot(page, 'product-form-refusals-phone');
  await page.getByLabel('Price', { exact: true }).fill('4.5O');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Enter a price in digits, like 4.50.')).toBeVisible();
  await page.getByLabel('Price', { exact: true }).fill('4.50');
  await page.getByLabel('Opening quantity', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Green tea created.')).toBeVisible();

  // The adjustment through the dialog, with its reason, then in the stock history.
  const headers = await apiHeaders(page, store);
  expect((await page.request.get(`/api/secure/product/code/${code}`, { headers })).status()).toBe(200);
  await page.goto(`/${store}/stock/scan/${code}`);
  await page.getByRole('button', { name: 'Adjust…' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Change').fill('-2');
  await dialog.getByLabel(/Reason/).selectOption('DAMAGED');
  await shot(page, 'stock-adjust-reason-phone');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const history = page.getByRole('button', { name: 'Stock history' });
  if ((await history.getAttribute('aria-expanded')) !== 'true') await history.click();
  await expect(page.getByTestId('stock-movement').first()).toContainText('Adjustment: Damaged');
  await shot(page, 'stock-history-reason-phone');

  // A JPY store with USD as second currency: the rate is offered as 1 USD = … JPY.
  const yen = await page.request.post('/api/secure/virtual-store', {
    headers,
    data: { name: 'Kissa', urlName: `kissa-${Date.now().toString(36)}`, mainCurrency: 'JPY', secondCurrency: 'USD' },
  });
  expect(yen.status(), await yen.text()).toBe(201);
  const kissa = ((await yen.json()) as { urlName: string }).urlName;
  await page.goto(`/${store}/profile/store/${kissa}/sales`);
  await expect(page.getByTestId('effective-rate-inverse')).toContainText(/^1 USD = [\d.]+ JPY$/);
  const field = page.getByLabel(/Manual rate \(1 USD in JPY\)/);
  await field.fill('153');
  await expect(page.getByText('That is 1 JPY = 0.006536 USD.')).toBeVisible();
  await shot(page, 'exchange-rate-either-way-phone');
  await page.getByRole('button', { name: 'Set manual rate' }).click();
  await expect(page.getByText('Manual rate set.')).toBeVisible();
  await expect(page.getByTestId('effective-rate-inverse')).toHaveText('1 USD = 153 JPY');
});
