import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { randomInStoreEan13 } from '@shopdesk/shared';

/**
 * A completed sale through the API, for a spec that needs a receipt to look at: one new product
 * (Green tea, $2.50, 10 in stock) sold once, paid $10.00 in cash. Answers the sale's receipt code.
 */
export async function oneCashSale(page: Page, headers: Record<string, string>): Promise<{ code: string }> {
  const code = randomInStoreEan13();
  const product = await page.request.post('/api/secure/product', {
    headers,
    data: { code, name: 'Green tea', price: 250, quantity: 10 },
  });
  expect(product.ok(), await product.text()).toBe(true);
  const sold = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code, quantity: 1 }],
      payments: [{ method: 'CASH', currency: 'USD', amount: 1000 }],
    },
  });
  expect(sold.ok(), await sold.text()).toBe(true);
  const sale = (await sold.json()) as { code: string };
  return { code: sale.code };
}
