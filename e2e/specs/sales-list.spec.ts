import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, chooseOption, signUpConfirmed } from '../support/pages.ts';

/** Calls the API as the signed-in owner, on their store. */
async function api(page: Page, store: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const headers = await apiHeaders(page, store);
  const res = await page.request.fetch(path, { method, headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** axe finds no serious or critical problem on the screen as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const stockOf = async (page: Page, store: string, code: string) =>
  (await api(page, store, 'GET', `/api/secure/product/code/${code}`)).quantity as number;

test('a partial refund from the sales list puts exactly the refunded units back into stock', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'sales');
  const store = owner.urlName;
  const [tea, soap] = [randomInStoreEan13(), randomInStoreEan13()];
  await api(page, store, 'POST', '/api/secure/product', { code: tea, name: 'Green tea', price: 250, quantity: 10 });
  await api(page, store, 'POST', '/api/secure/product', { code: soap, name: 'Lavender soap', price: 400, quantity: 5 });
  const sell = (body: object) =>
    api(page, store, 'POST', '/api/secure/shop/transaction', { clientId: randomUUID(), ...body });
  const sale = await sell({
    status: 'COMPLETED',
    lines: [
      { code: tea, quantity: 3 },
      { code: soap, quantity: 1 },
    ],
    payments: [{ method: 'CASH', currency: 'USD', amount: 2000 }],
  });
  await sell({
    status: 'COMPLETED',
    lines: [{ code: soap, quantity: 2 }],
    payments: [{ method: 'CARD', currency: 'USD', amount: 800 }],
  });
  const held = await sell({ status: 'PARKED', lines: [{ code: tea, quantity: 1 }] });
  expect(await stockOf(page, store, tea)).toBe(7);

  await page.goto(`/${store}/shop/list`);
  const rows = page.getByTestId('sale-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('sales-count')).toContainText('2 sales');
  await expectAccessible(page);
  // The held cart is not a sale yet: it is listed apart, with its way back to the counter.
  await expect(page.getByRole('link', { name: `Reopen held cart ${held.code} at the counter` })).toHaveAttribute(
    'href',
    `/${store}/shop/counter/${held.code}`,
  );

  // The search goes to the server (product names and codes): only the sale with tea is left.
  await page.getByRole('searchbox', { name: 'Search sales' }).fill('green');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: `Open sale ${sale.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/shop/list/${sale.code}\\?q=green$`));
  const detail = page.getByTestId('sale-detail');
  await expect(detail.getByTestId('sale-line')).toHaveCount(2);
  await expect(detail.getByTestId('sale-total')).toContainText('$11.50');
  await expect(detail.getByTestId('tender-change')).toHaveText('Change $8.50');
  await expectAccessible(page);

  // Two of the three teas come back; the soap stays sold.
  await page.getByRole('button', { name: 'Choose items' }).click();
  const moreTea = page.getByRole('button', { name: 'One more: Green tea' });
  for (let i = 0; i < 4; i++) if (await moreTea.isEnabled()) await moreTea.click();
  await expect(moreTea).toBeDisabled();
  await page.getByRole('button', { name: 'One fewer: Green tea' }).click();
  await moreTea.click();
  await page.getByRole('button', { name: 'One fewer: Green tea' }).click();
  await expect(page.getByLabel('Green tea: 2 of 3 to refund')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Return to stock' })).toBeChecked();
  await expect(page.getByTestId('refund-preview')).toContainText('$5.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Refund $5.00' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund $5.00?' });
  await expect(confirm).toContainText('Give back $5.00 in cash for 2 items.');
  await confirm.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(confirm).toBeHidden();

  await expect(detail.getByTestId('line-refunded')).toHaveText('2 of 3 refunded');
  await expect(detail.getByTestId('refund')).toContainText('Back in stock');
  await expect(detail.getByTestId('sale-refunded')).toContainText('$5.00');
  await expect(detail.getByText('Partly refunded')).toBeVisible();

  // The server agrees: stock back up by exactly the two refunded teas, the soap untouched.
  expect(await stockOf(page, store, tea)).toBe(9);
  expect(await stockOf(page, store, soap)).toBe(2);
  const stored = await api(page, store, 'GET', `/api/secure/shop/transaction/${sale.code}`);
  expect(stored.status).toBe('PARTIALLY_REFUNDED');
  expect(stored.refundedAmount).toBe(500);
  expect(stored.refunds).toHaveLength(1);

  // Back on the list (filters kept), the sale shows what was refunded.
  await page.getByRole('link', { name: 'All sales' }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/shop/list\\?q=green$`));
  await expect(rows.first()).toContainText('Partly refunded');
  await expect(rows.first()).toContainText('$5.00 refunded');

  // The "Held" status lists held carts, each with Reopen pointing at the counter.
  await page.getByRole('searchbox', { name: 'Search sales' }).fill('');
  await chooseOption(page, 'Status', '', 'Held');
  await expect(rows).toHaveCount(1);
  await expect(
    rows.first().getByRole('link', { name: `Reopen held cart ${held.code} at the counter` }),
  ).toHaveAttribute('href', `/${store}/shop/counter/${held.code}`);

  // Offline, another month cannot load: the list says so instead of spinning or showing this month's sales.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByText('The sales list needs a connection.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(page.getByText(/^No carts held in \w+ \d{4}\.$/)).toBeVisible();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a sale opens in a drawer over the list, and "refund all that remains" restocks every unit', async ({
    page,
  }) => {
    const owner = await signUpConfirmed(page, 'salesdesk');
    const store = owner.urlName;
    const tea = randomInStoreEan13();
    await api(page, store, 'POST', '/api/secure/product', { code: tea, name: 'Green tea', price: 250, quantity: 10 });
    const sale = await api(page, store, 'POST', '/api/secure/shop/transaction', {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea, quantity: 4 }],
      payments: [{ method: 'CARD', currency: 'USD', amount: 1000 }],
    });
    expect(await stockOf(page, store, tea)).toBe(6);

    await page.goto(`/${store}/shop/list`);
    await page
      .getByRole('table', { name: 'Sales' })
      .getByRole('link', { name: `Open sale ${sale.code}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${store}/shop/list/${sale.code}$`));
    const drawer = page.getByRole('dialog', { name: 'Sale' });
    await expect(drawer.getByTestId('sale-detail')).toContainText('Green tea');
    // The list stays behind the drawer.
    await expect(page.getByTestId('sale-row')).toHaveCount(1);
    await expectAccessible(page);

    await drawer.getByRole('button', { name: 'Refund all that remains' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund $10.00?' });
    // Paid by card only: the money goes back by the sale's method, named.
    await expect(confirm).toContainText('Give back $10.00 by Card for 4 items.');
    await confirm.getByRole('button', { name: 'Refund $10.00' }).click();
    await expect(drawer.getByTestId('line-refunded')).toHaveText('Refunded');
    expect(await stockOf(page, store, tea)).toBe(10);
    const stored = await api(page, store, 'GET', `/api/secure/shop/transaction/${sale.code}`);
    expect(stored.status).toBe('REFUNDED');
    expect(stored.refunds[0].tenders).toMatchObject([{ method: 'CARD', currency: 'USD', amount: 1000 }]);
    // Nothing is left to refund.
    await expect(drawer.getByRole('button', { name: 'Refund all that remains' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/${store}/shop/list$`));
    await expect(page.getByTestId('sale-row').first()).toContainText('Refunded');
  });
});
