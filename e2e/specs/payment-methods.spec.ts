import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed, wedgeScan } from '../support/pages.ts';

/** Screenshots of the tender settings for review, when TENDER_SHOTS names a folder. */
const shots = process.env.TENDER_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** A new store turned yen-only before it has anything (Japan's default payment methods), with one product. */
async function yenStore(page: Page, tag: string) {
  const owner = await signUpConfirmed(page, tag);
  const store = owner.urlName;
  const headers = await apiHeaders(page, store);
  const current = await (await page.request.get('/api/secure/virtual-store/current', { headers })).json();
  const update = await page.request.put(`/api/secure/virtual-store/${store}`, {
    headers,
    data: {
      name: current.name,
      mainCurrency: 'JPY',
      secondCurrency: null,
      timezone: current.timezone,
      address: current.address,
      phone: current.phone,
    },
  });
  expect(update.status(), await update.text()).toBe(200);
  const code = randomInStoreEan13();
  const product = await page.request.post('/api/secure/product', {
    headers,
    data: { code, name: 'Green tea 500 g', brand: 'Ocha', category: 'Drinks', price: 1250, quantity: 12 },
  });
  expect(product.status(), await product.text()).toBe(201);
  return { store, codes: { inStock: code }, headers };
}

/** Switches the app's language as the profile's picker does: the session's locale, then a reload. */
async function useLanguage(page: Page, locale: 'en-US' | 'ja-JP') {
  await page.evaluate((l) => {
    const raw = localStorage.getItem('shopdesk-session');
    if (!raw) throw new Error('no session');
    const session = JSON.parse(raw);
    session.state.userLocale = l;
    localStorage.setItem('shopdesk-session', JSON.stringify(session));
  }, locale);
  await page.reload();
}

test('named tenders: the owner edits the methods, and a yen store pays with PayPay and its transaction number', async ({
  page,
}) => {
  // Four full-page screenshots and a sale: longer than one screen's test.
  test.setTimeout(150_000);
  const { store, codes, headers } = await yenStore(page, 'tenders');

  // The sales settings list the yen store's methods in order; PayPay moves up and a method is added.
  await page.goto(`/${store}/profile/store/${store}/sales`);
  await expect(page.getByRole('heading', { name: 'Payment methods' })).toBeVisible();
  const names = page.getByLabel('Name', { exact: true });
  await expect(names).toHaveCount(5);
  await expect(names.nth(2)).toHaveAttribute('placeholder', 'PayPay');
  await page.getByRole('button', { name: 'Move PayPay up' }).click();
  await expect(names.nth(1)).toHaveAttribute('placeholder', 'PayPay');
  await page.getByRole('button', { name: 'Add a method' }).click();
  await names.nth(5).fill('Gift voucher');
  await page.getByLabel('Kind of Gift voucher').click();
  await page.getByRole('option', { name: 'Voucher' }).click();
  await shot(page, 'tender-settings-en-390');
  await page.getByRole('button', { name: 'Save payment methods' }).click();
  await expect(page.getByText('Payment methods saved')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true }).nth(5)).toHaveValue('Gift voucher');
  await shot(page, 'tender-settings-en-1280');
  await useLanguage(page, 'ja-JP');
  await expect(page.getByRole('heading', { name: '支払方法' })).toBeVisible();
  await shot(page, 'tender-settings-ja-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'tender-settings-ja-390');
  await useLanguage(page, 'en-US');

  // At the counter the methods are big buttons, in the saved order; PayPay asks for its number.
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  await wedgeScan(page, codes.inStock);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('pay-phone').click();
  const dialog = page.getByRole('dialog');
  const methods = dialog.getByRole('group', { name: /method/i }).getByRole('button');
  // The store's methods in its order; a gift card (paid by its code, not a method) always last.
  await expect(methods).toHaveText([
    'Cash',
    'PayPay',
    'Credit card',
    'IC card',
    'Other QR payment',
    'Gift voucher',
    'Gift card',
  ]);
  await dialog.getByRole('button', { name: 'PayPay' }).click();
  const take = dialog.getByRole('button', { name: /^Take/ });
  await expect(take).toBeDisabled();
  await dialog.getByLabel('Reference number').fill('PP-2026-0042');
  await take.click();
  await expect(dialog.getByText(/PayPay · /)).toBeVisible();
  await dialog.getByRole('button', { name: 'New sale' }).click();

  // The server stored the method and the number with the tender; the sale's detail shows them.
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const list = await (
    await page.request.get(`/api/secure/shop/transaction/range/by-date?from=${from}&to=${today}`, { headers })
  ).json();
  const code = list.items[0].code as string;
  const sale = await (await page.request.get(`/api/secure/shop/transaction/${code}`, { headers })).json();
  expect(sale.payments).toMatchObject([
    { method: 'OTHER', methodId: 'PAYPAY', methodKind: 'QR_CODE', reference: 'PP-2026-0042', amount: 1250 },
  ]);
  await page.goto(`/${store}/shop/list/${code}`);
  const tender = page.getByTestId('tender');
  await expect(tender).toContainText('PayPay');
  await expect(page.getByTestId('tender-reference')).toHaveText('Ref. PP-2026-0042');
});
