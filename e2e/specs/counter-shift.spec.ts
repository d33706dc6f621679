import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, sessionToken, signUpConfirmed, wedgeScan } from '../support/pages.ts';

/** At the counter: the shift's state, held carts in reach, one conversion rule. */

const shots = process.env.COUNTER_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  // Toasts come and go; the screen under them is what is looked at.
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};
const desktop = { width: 1280, height: 800 };

async function currentShift(page: Page, headers: Record<string, string>) {
  const res = await page.request.get('/api/secure/shop/shift/current', { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).shift as {
    number: number;
    salesCount: number;
    lateSalesCount: number;
    lateSalesTotal: number;
  } | null;
}

test('counter: with shifts on it shows the shift, asks for one before the first sale, and a sale made without one joins the next', async ({
  page,
}) => {
  const { store, codes } = await seedStore(page, 'cshift');
  const headers = await apiHeaders(page, store);
  const on = await page.request.put(`/api/secure/virtual-store/${store}/sale-settings`, {
    headers,
    data: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  // A device that was offline syncs a sale while no shift is open: it is stored, with no shift yet.
  const synced = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ name: 'Tea', unitPrice: 300, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 300 },
    },
  });
  expect(synced.status(), await synced.text()).toBe(201);

  await page.goto(`/${store}/shop/counter`);
  const notice = page.getByRole('status').filter({ hasText: 'No shift is open' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('counted in the next shift opened');
  await wedgeScan(page, codes.inStock);
  await expect(page.getByTestId('cart-total')).toHaveText('$12.50');
  await shot(page, 'shift-notice-phone');

  // Pay asks for the shift first, with the float.
  await page.getByTestId('pay-phone').click();
  const ask = page.getByRole('dialog', { name: 'Open a shift first' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: /Sell without a shift/ })).toBeVisible();
  await ask.getByLabel('Float in USD').fill('50.00');
  await shot(page, 'shift-ask-phone');
  await ask.getByRole('button', { name: 'Open shift' }).click();

  // Then the payment goes on, and the sale lands in the shift just opened.
  const pay = page.getByRole('dialog', { name: 'Payment' });
  await expect(pay).toBeVisible();
  await pay.getByRole('button', { name: /^Exact/ }).click();
  await pay.getByRole('button', { name: /^Take/ }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(page.getByTestId('shift-badge')).toHaveText('Shift 1');
  await expect(notice).toHaveCount(0);
  await shot(page, 'shift-badge-phone');
  await page.setViewportSize(desktop);
  await shot(page, 'shift-badge-desktop');

  const shift = await currentShift(page, headers);
  // The synced sale was adopted when the shift opened, and says so.
  expect(shift).toMatchObject({ number: 1, salesCount: 2, lateSalesCount: 1, lateSalesTotal: 300 });
  await page.getByTestId('shift-badge').click();
  await expect(page).toHaveURL(new RegExp(`/${store}/shop/shift$`));
  await expect(page.getByText('of which 1 sold before this shift opened')).toBeVisible();
});

test('counter: held carts are one tap away with their count, also with an empty cart on a phone', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'cheld');
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  const held = page.getByRole('button', { name: /^Held carts: / });
  await expect(held).toHaveAccessibleName('Held carts: 0');

  for (const code of [codes.inStock, codes.zero]) {
    await wedgeScan(page, code);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  }
  // A "Cart held" toast can cover the drawer's first Reopen on a phone: a tap on its text goes
  // through to what it covers (and a resting pointer cannot hold it open), its Close still works.
  const toast = page.getByRole('alert').filter({ hasText: 'Cart held.' }).last();
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
  const close = toast.getByRole('button', { name: 'Close' });
  expect(await close.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('auto');
  // The cart is empty (the summary with its menu is hidden on a phone), yet the held carts show.
  await expect(held).toBeVisible();
  await expect(held).toHaveAccessibleName('Held carts: 2');
  await expect(page.getByTestId('held-count')).toHaveText('2');
  await shot(page, 'held-button-phone');
  await held.click();
  const drawer = page.getByRole('dialog', { name: 'Held carts' });
  await expect(drawer.getByRole('button', { name: /^Reopen held cart/ })).toHaveCount(2);
  await shot(page, 'held-drawer-phone');
  await drawer
    .getByRole('button', { name: /^Reopen held cart/ })
    .first()
    .click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(held).toHaveAccessibleName('Held carts: 2');
  await page.setViewportSize(desktop);
  await shot(page, 'held-button-desktop');
});

test('counter: a second-currency figure is the same on the cart and in the payment dialog, and the cashier picks the change currency that the shift books', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'cyen');
  const auth = { Authorization: `Bearer ${await sessionToken(page)}` };
  const store = `yen-${owner.urlName.slice(-12)}`;
  const created = await page.request.post('/api/secure/virtual-store', {
    headers: auth,
    data: { name: 'Kyoto Crafts', urlName: store, mainCurrency: 'JPY', secondCurrency: 'USD', timezone: 'Asia/Tokyo' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const headers = { ...auth, 'X-Store': store };
  for (const [method, url, data] of [
    ['PUT', `/api/secure/virtual-store/${store}/exchange-rate`, { rate: '0.0065' }],
    [
      'PUT',
      `/api/secure/virtual-store/${store}/sale-settings`,
      { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
    ],
    ['POST', '/api/secure/shop/shift', { float: [{ currency: 'JPY', amount: 20_000 }] }],
  ] as const) {
    const res = await page.request.fetch(url, { method, headers, data });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // A ¥5,599 open item (its price hint is in yen).
  await page.setViewportSize(desktop);
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByTestId('shift-badge')).toHaveText('Shift 1');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Open item' }).click();
  const item = page.getByRole('dialog', { name: 'Open item' });
  await item.getByLabel('Item name').fill('Obi belt');
  await item.getByLabel('Unit price').fill('55.99');
  await item.getByRole('button', { name: 'Add item' }).click();
  await expect(item.getByText('Enter a price, such as 450')).toBeVisible();
  await item.getByLabel('Unit price').fill('5599');
  await item.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('¥5,599');
  // $36.3935 is shown as it is asked: $36.40, on the cart and in the dialog.
  await expect(page.getByTestId('cart-total-second')).toHaveText('$36.40');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('pay-phone').click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByTestId('payment-due-second')).toHaveText('= $36.40');
  await dialog.getByText('$ USD').click();
  await expect(dialog.getByRole('button', { name: 'Exact $36.40' })).toBeVisible();
  await dialog.getByLabel('Amount received (USD)').fill('40');
  await expect(dialog.getByTestId('change-preview')).toHaveText('Change $3.60');
  // $40.00 is worth ¥6,153 (rounded down): ¥554 back in yen, if the cashier gives yen.
  await dialog.getByText('¥554 JPY').click();
  await expect(dialog.getByTestId('change-preview')).toHaveText('Change ¥554');
  await shot(page, 'payment-change-choice-phone');
  await dialog.getByRole('button', { name: /^Take/ }).click();
  await expect(page.getByTestId('change-amount')).toHaveText('¥554');
  await expect(page.getByTestId('change-currency')).toHaveText('Handed back in JPY');
  await shot(page, 'change-phone');
  await page.setViewportSize(desktop);
  await shot(page, 'change-desktop');
  await page.getByRole('button', { name: 'New sale' }).click();

  // The shift's drawer: the dollars came in, the yen went out.
  const shift = (await (await page.request.get('/api/secure/shop/shift/current', { headers })).json()).shift as {
    cash: { currency: string; cashSales: number; expected: number }[];
  };
  expect(shift.cash).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ currency: 'JPY', cashSales: -554, expected: 20_000 - 554 }),
      expect.objectContaining({ currency: 'USD', cashSales: 4000, expected: 4000 }),
    ]),
  );
});
