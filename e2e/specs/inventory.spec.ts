import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed, wedgeScan } from '../support/pages.ts';

/** A fresh valid EAN-13 in the in-store range, so every run scans a code no store has yet. */
const freshEan13 = (): string => randomInStoreEan13();

async function productQuantity(page: Page, store: string, code: string): Promise<number> {
  const res = await page.request.get(`/api/secure/product/code/${code}`, {
    headers: await apiHeaders(page, store),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { quantity: number }).quantity;
}

test('inventory: wedge scan creates a product, list, catalogue, stock-take and label', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'inv');
  const store = owner.urlName;
  const code = freshEan13();
  const name = `Green tea ${code.slice(-4)}`;

  // (a) A wedge scan of an unknown code on the scan screen offers to create it.
  await page.goto(`/${store}/stock/scan`);
  await expect(page.getByRole('heading', { name: 'Scan product' })).toBeVisible();
  await wedgeScan(page, code);
  await expect(page).toHaveURL(new RegExp(`/stock/scan/${code}$`));
  await expect(page.getByRole('heading', { name: 'Not in this store yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create product' }).click();
  await expect(page.getByLabel('Barcode', { exact: true })).toHaveValue(code);
  await page.getByLabel('Product name', { exact: true }).fill(name);
  await page.getByLabel('Price', { exact: true }).fill('2.50');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`${name} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('stock-quantity')).toHaveText('0');
  expect(await productQuantity(page, store, code)).toBe(0);

  // (d) The label preview is the printed bitmap, and its barcode decodes to the product's code.
  await page.getByRole('button', { name: 'Print label' }).click();
  const preview = page.getByTestId('label-preview');
  await expect(preview).toBeVisible();
  const size = await preview.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
  expect(size.w).toBeGreaterThan(0);
  expect(size.h).toBeGreaterThan(0);
  const png = await preview.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'label-')), 'label.png');
  writeFileSync(file, Buffer.from(png.split(',')[1]!, 'base64'));
  expect(
    execFileSync('zbarimg', ['--quiet', '--raw', file], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim(),
  ).toBe(code);
  await page.keyboard.press('Escape');

  // (b) The list finds it by search; the catalogue shows it.
  await page.goto(`/${store}/stock/list`);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name.slice(0, 9));
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await page.goto(`/${store}/stock/inventory-catalog`);
  await expect(page.getByRole('link', { name })).toBeVisible();

  // (c) Stock-take: three wedge scans count 3, saving sets the stock to 3.
  await page.goto(`/${store}/stock/scan?i=true`);
  await expect(page.getByRole('heading', { name: 'Stock take' })).toBeVisible();
  for (let i = 0; i < 3; i++) await wedgeScan(page, code);
  const counted = page.getByRole('textbox', { name: `Counted quantity of ${name}` });
  await expect(counted).toHaveValue('3');
  // The count survives a reload (kept on the device until saved).
  await page.reload();
  await expect(counted).toHaveValue('3');
  await page.getByRole('button', { name: 'Review count' }).click();
  await page.getByRole('button', { name: 'Save 1 count' }).click();
  await expect(page.getByText(`${name}: stock 0 → 3`)).toBeVisible();
  expect(await productQuantity(page, store, code)).toBe(3);
});
