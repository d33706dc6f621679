import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';

/**
 * Issue 42 from the member card to the refund, on a phone: a cashier scans the customer's member
 * card at the counter, the cart shows their points, they use some, the sale completes, the receipt
 * prints the member code, the points used, earned and the balance, and a partial refund reverses
 * exactly the refunded line's points. POINTS_RECEIPT_SHOTS=dir keeps the receipt at both sizes in
 * both languages.
 */
const shots = process.env.POINTS_RECEIPT_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

interface Customer {
  id: string;
  code: string;
  pointsBalance: number;
}

test('a member card at the counter: points used and earned on the receipt, a partial refund reverses its line', async ({
  page,
}) => {
  const { store, codes } = await seedStore(page, 'points');
  const headers = await apiHeaders(page, store);
  const put = await page.request.put(`/api/secure/virtual-store/${store}/loyalty`, {
    headers,
    data: { enabled: true, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths: null },
  });
  expect(put.status(), await put.text()).toBe(200);
  const created = await page.request.post('/api/secure/customer', {
    headers,
    data: { name: 'Suzuki Aiko', phone: '090-5555-0101' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const aiko = (await created.json()) as Customer;
  const gift = await page.request.post(`/api/secure/customer/${aiko.id}/points`, {
    headers,
    data: { points: 100, reason: 'Welcome points' },
  });
  expect(gift.status(), await gift.text()).toBe(200);
  const balance = async () =>
    ((await (await page.request.get(`/api/secure/customer/${aiko.id}`, { headers })).json()) as Customer).pointsBalance;

  // Two teas ($12.50 each), then the member card: the customer is attached, nothing is sold for it.
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  await wedgeScan(page, codes.inStock);
  await wedgeScan(page, codes.inStock);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await wedgeScan(page, aiko.code);
  await expect(page.getByTestId('cart-customer-name')).toHaveText('Suzuki Aiko');
  await expect(page.getByTestId('cart-customer-points')).toHaveText('100 points');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // 50 points take $0.50 off the $25.00: $24.50 paid earns 24 points.
  await page.getByTestId('pay-phone').click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByTestId('points-part').getByLabel('Points to use').fill('50');
  await expect(dialog.getByTestId('payment-due')).toHaveText('$24.50');
  await dialog.getByRole('button', { name: 'Take $24.50' }).click();
  await expect(page.getByRole('dialog', { name: 'Paid' })).toBeVisible();
  await expect.poll(balance).toBe(74);

  const today = new Date().toISOString().slice(0, 10);
  const list = await page.request.get(`/api/secure/shop/transaction/range/by-date?from=${today}&to=${today}`, {
    headers,
  });
  const code = ((await list.json()) as { items: { code: string }[] }).items[0]!.code;

  // The public receipt (what is printed and mailed is built from the same document).
  await page.goto(`/receipt/${code}?lang=en`);
  const receipt = page.locator('main');
  await expect(receipt).toContainText('Points used (50 pt)');
  await expect(receipt).toContainText(aiko.code);
  await expect(receipt).toContainText('+24 pt');
  await expect(receipt).toContainText('-50 pt');
  await expect(receipt).toContainText('74 pt');
  await expect(receipt).not.toContainText('Suzuki');
  await shot(page, 'receipt-points-phone-en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'receipt-points-desktop-en');
  await page.goto(`/receipt/${code}?lang=ja`);
  await expect(receipt).toContainText('ポイント残高');
  await expect(receipt).toContainText('会員番号');
  await shot(page, 'receipt-points-desktop-ja');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'receipt-points-phone-ja');
  // Back to English for the screens after (the receipt keeps its reader's language in a cookie).
  await page.goto(`/receipt/${code}?lang=en`);

  // One tea comes back: half of what the line paid ($12.25), of the points it earned (12) and used (25).
  await page.goto(`/${store}/shop/list/${code}`);
  await page.getByRole('button', { name: 'Choose items' }).click();
  await page.getByRole('button', { name: 'One more: Green tea 500 g' }).click();
  await page.getByRole('button', { name: 'Refund $12.25' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund $12.25?' });
  await confirm.getByRole('button', { name: 'Refund $12.25' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(balance).toBe(74 - 12 + 25);
  const sale = await page.request.get(`/api/secure/shop/transaction/${code}`, { headers });
  const refunds = ((await sale.json()) as { refunds: { pointsReversed: number; pointsReturned: number }[] }).refunds;
  expect(refunds).toMatchObject([{ pointsReversed: 12, pointsReturned: 25 }]);
});
