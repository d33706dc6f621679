import { expect, type Page } from '@playwright/test';
import { wedgeScan } from './pages.ts';
import { waitActive, waitControlled } from './service-worker.ts';

/**
 * Opens the store's counter and readies it to sell offline: one online scan puts the product in
 * the device's copy of the catalogue, the cart is cleared again, and the page is reloaded under the
 * service worker, which then holds the app shell. The page is still online when this returns.
 */
export async function readyCounterForOffline(page: Page, store: string, code: string): Promise<void> {
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  await wedgeScan(page, code);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Clear the cart' }).click();
  await waitActive(page);
  await page.reload();
  await waitControlled(page);
}
