import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

test('shifts: turned on, opened with a float, used, counted blind and closed into a locked Z report', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'shift');
  const store = owner.urlName;

  // Shifts are turned on in the store's sales settings, which then link to the shift screen.
  await page.goto(`/${store}/profile/store/${store}/sales`);
  await page.getByLabel('Use shifts').check();
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText('Sales settings saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the shift screen' }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/shop/shift$`));

  // Open with a float of $100.00.
  await page.getByLabel('Float in USD').fill('100.00');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByRole('heading', { name: 'Shift No. 1' })).toBeVisible();
  const usd = page.getByTestId('shift-cash-USD');
  await expect(usd).toContainText('$100.00');

  // A cash sale of $12.34 paid with $20.00, made through the API as the counter makes it.
  const headers = await apiHeaders(page, store);
  const sale = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ name: 'Tea', unitPrice: 1234, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 2000 },
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  await page.reload();
  await expect(page.getByText('1 sale', { exact: true })).toBeVisible();
  await expect(usd.getByRole('row', { name: /Expected in drawer/ })).toContainText('$112.34');

  // A pay-out of $5.00 for the window cleaner.
  await page.getByLabel('Amount').fill('5.00');
  await page.getByLabel('Reason').fill('Window cleaner');
  await page.getByRole('button', { name: 'Record pay-out' }).click();
  await expect(page.getByText('Pay-out recorded')).toBeVisible();
  await expect(usd.getByRole('row', { name: /Expected in drawer/ })).toContainText('$107.34');
  await expect(page.getByText('Window cleaner ·')).toBeVisible();

  // The blind count: no expected amount on screen, the total adds up as notes and coins are entered.
  await page.getByRole('button', { name: 'Close shift' }).click();
  await expect(page.getByText('Expected in drawer')).toHaveCount(0);
  await page.getByRole('button', { name: 'One $100.00 more' }).click();
  await page.getByRole('button', { name: 'One $5.00 more' }).click();
  await page.getByLabel('Number of $1.00').fill('2');
  await expect(page.getByTestId('count-total-USD')).toHaveText('$107.00');
  await page.getByRole('button', { name: 'Close shift with this count' }).click();

  // The Z report: numbered, locked, expected, counted and difference.
  await expect(page.getByRole('heading', { name: 'Z report No. 1' })).toBeVisible();
  await expect(page.getByText('Closed · locked')).toBeVisible();
  const z = page.getByTestId('shift-cash-USD');
  await expect(z.getByRole('row', { name: /Expected in drawer/ })).toContainText('$107.34');
  await expect(z.getByRole('row', { name: /^Counted/ })).toContainText('$107.00');
  await expect(z.getByRole('row', { name: /Difference/ })).toContainText('-$0.34');
  await expect(z.getByText(/Short/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  const shiftId = new URL(page.url()).pathname.split('/').pop()!;

  // Nothing changes it any more.
  const late = await page.request.post(`/api/secure/shop/shift/${shiftId}/cash-move`, {
    headers,
    data: { clientId: randomUUID(), kind: 'PAY_IN', currency: 'USD', amount: 100, reason: 'Late' },
  });
  expect(late.status()).toBe(409);

  // It is listed with the past Z reports, and a new shift can be opened.
  await page.getByRole('link', { name: 'Shift & Z reports' }).click();
  const listed = page.getByRole('link', { name: /Z report No\. 1/ });
  await expect(listed).toContainText('-$0.34');
  await expect(page.getByRole('button', { name: 'Open shift' })).toBeVisible();
  await listed.click();
  await expect(page.getByRole('heading', { name: 'Z report No. 1' })).toBeVisible();
});
