import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomInStoreEan13, shortRate } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/** With RECEIPT_SHOTS set, the screens are kept there as PNGs to look at. */
const SHOTS = process.env.RECEIPT_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
/** A screenshot into RECEIPT_SHOTS, when it is set: a full page unless `viewOnly`. */
async function shot(page: Page, name: string, viewOnly = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: !viewOnly });
}

/** Calls the API as the signed-in owner, on their store. */
async function api(page: Page, store: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const headers = await apiHeaders(page, store);
  const res = await page.request.fetch(path, { method, headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** axe finds no serious or critical problem on the page as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A browser context with nobody logged in, as a customer's phone (or a desk) opening the link. */
async function visitor(browser: Browser, options: { locale?: string; desktop?: boolean } = {}) {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.desktop ? { width: 1280, height: 900 } : { width: 390, height: 844 },
    isMobile: !options.desktop,
    deviceScaleFactor: options.desktop ? 1 : 2,
  });
  return { context, page: await context.newPage() };
}

test('a sale opens as a receipt logged out, and the receipt template changes what it shows', async ({
  page,
  browser,
}) => {
  const owner = await signUpConfirmed(page, 'receipt');
  const store = owner.urlName;
  const tea = randomInStoreEan13();
  await api(page, store, 'POST', '/api/secure/product', { code: tea, name: 'Green tea', price: 250, quantity: 10 });
  await api(page, store, 'PUT', `/api/secure/virtual-store/${store}`, {
    name: owner.storeName,
    mainCurrency: 'USD',
    secondCurrency: 'JPY',
    timezone: 'Asia/Tokyo',
    address: '1-2-3 Jingumae, Shibuya',
    phone: '+81 3 1234 5678',
  });
  const sale = await api(page, store, 'POST', '/api/secure/shop/transaction', {
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [
      { code: tea, quantity: 3 },
      { name: 'Gift wrap', unitPrice: 150, quantity: 1 },
    ],
    payments: [{ method: 'CASH', currency: 'USD', amount: 1000 }],
  });
  const parked = await api(page, store, 'POST', '/api/secure/shop/transaction', {
    clientId: randomUUID(),
    status: 'PARKED',
    lines: [{ code: tea, quantity: 1 }],
  });

  // A customer's phone, never logged in, opens the receipt's address.
  const phone = await visitor(browser);
  const res = await phone.page.goto(`/receipt/${sale.code}`);
  expect(res?.status()).toBe(200);
  const receipt = phone.page.locator('.receipt');
  await expect(receipt).toContainText('Green tea');
  await expect(receipt).toContainText('3 × $2.50');
  await expect(receipt).toContainText('Gift wrap');
  await expect(receipt).toContainText(owner.storeName);
  await expect(receipt).toContainText('1-2-3 Jingumae, Shibuya');
  await expect(receipt.locator('.r-pair.r-large')).toHaveText(/Total\s*\$9\.00/);
  await expect(receipt).toContainText(/Change\s*\$1\.00/);
  await expect(receipt.locator('.r-qr svg')).toBeVisible();
  await expect(phone.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(phone.page.getByRole('button', { name: 'Print' })).toBeVisible();
  // No script beyond the Print button's one line: nothing of the web app is loaded.
  expect(await phone.page.locator('script[src]').count()).toBe(0);
  await expectAccessible(phone.page);
  await shot(phone.page, 'public-phone');
  await phone.page.emulateMedia({ media: 'print' });
  await expect(phone.page.getByRole('button', { name: 'Print' })).toBeHidden();
  await shot(phone.page, 'public-phone-print');

  // A code that is no receipt (unknown, or a cart still held) gets a page that says so.
  const missing = await phone.page.goto(`/receipt/${parked.code}`);
  expect(missing?.status()).toBe(404);
  await phone.page.emulateMedia({ media: 'screen' });
  await expect(phone.page.getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
  await expectAccessible(phone.page);
  await shot(phone.page, 'not-found-phone', true);

  // In the store's language (a dollar store: English) on a Japanese phone, until its reader
  // switches it; the switch is kept for that reader.
  const ja = await visitor(browser, { locale: 'ja-JP' });
  await ja.page.goto(`/receipt/${sale.code}`);
  await expect(ja.page.getByRole('button', { name: 'Print' })).toBeVisible();
  await ja.page.getByRole('link', { name: '日本語' }).click();
  await expect(ja.page.locator('.receipt')).toContainText('合計');
  await expect(ja.page.getByRole('button', { name: '印刷' })).toBeVisible();
  await ja.page.goto(`/receipt/${sale.code}`);
  await expect(ja.page.locator('.receipt')).toContainText('合計');
  await shot(ja.page, 'public-phone-ja');

  // The owner edits the template from the store list: a footer, no address, an 80 mm roll.
  await page.goto(`/${store}/profile/store`);
  await page.getByRole('link', { name: `Receipt template of ${owner.storeName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/profile/store/receipt-template/${store}$`));
  const preview = page.getByRole('figure', { name: 'Preview' });
  await expect(preview).toContainText('Green tea');
  await expect(page.getByText(`Your latest sale (${sale.code})`)).toBeVisible();
  await page.getByLabel('Footer text').fill('Thank you for shopping with us!\nReturns within 14 days.');
  await expect(preview).toContainText('Returns within 14 days.');
  await page.getByRole('switch', { name: 'Address' }).click();
  await expect(preview).not.toContainText('Jingumae');
  await page.getByText('80 mm').click();
  await expect(preview.locator('.receipt')).toHaveAttribute('data-paper', '80');
  await expectAccessible(page);
  await shot(page, 'template-phone');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Receipt template saved')).toBeVisible();

  await phone.page.goto(`/receipt/${sale.code}`);
  await expect(phone.page.locator('.receipt')).toContainText('Thank you for shopping with us!');
  await expect(phone.page.locator('.receipt')).not.toContainText('Jingumae');
  await expect(phone.page.locator('.receipt')).toHaveAttribute('data-paper', '80');
  await shot(phone.page, 'public-phone-80');

  // Back to a 58 mm roll: the public page follows.
  await page.getByText('58 mm').click();
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Receipt template saved').first()).toBeVisible();
  await expect
    .poll(async () => {
      await phone.page.goto(`/receipt/${sale.code}`);
      return phone.page.locator('.receipt').getAttribute('data-paper');
    })
    .toBe('58');
  await expect(phone.page.locator('.receipt')).toContainText('Returns within 14 days.');

  // A sale paid in yen, then partly refunded: the second-currency total with its rate, the change in
  // both currencies, the refund with its item and the status.
  const yen = await api(page, store, 'POST', '/api/secure/shop/transaction', {
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code: tea, quantity: 2 }],
    payments: [{ method: 'CASH', currency: 'JPY', amount: 1000 }],
  });
  await api(page, store, 'POST', `/api/secure/shop/transaction/${yen.code}/refund`, {
    clientId: randomUUID(),
    lines: [{ lineId: yen.lines[0].id, quantity: 1 }],
  });
  await phone.page.goto(`/receipt/${yen.code}`);
  const refunded = phone.page.locator('.receipt');
  await expect(refunded).toContainText('PARTIALLY REFUNDED');
  await expect(refunded).toContainText('Total in JPY');
  await expect(refunded).toContainText(`1 USD = ${shortRate(yen.rate.rate)} JPY`);
  await expect(refunded).toContainText('Cash (JPY)');
  await expect(refunded).toContainText('1 × Green tea');
  await expect(refunded).toContainText(/Refunded\s*-\$2\.50/);
  await shot(phone.page, 'public-phone-refund-yen');

  // The desk: the template screen with its preview beside the form, and the public page printed.
  const desk = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: await page.context().storageState(),
  });
  const deskPage = await desk.newPage();
  await deskPage.goto(`/${store}/profile/store/receipt-template/${store}`);
  await expect(deskPage.getByRole('figure', { name: 'Preview' })).toContainText('Returns within 14 days.');
  await shot(deskPage, 'template-desktop');
  const deskVisitor = await visitor(browser, { desktop: true });
  await deskVisitor.page.goto(`/receipt/${sale.code}`);
  await shot(deskVisitor.page, 'public-desktop');
  await deskVisitor.page.emulateMedia({ media: 'print' });
  await shot(deskVisitor.page, 'public-desktop-print');

  for (const c of [phone.context, ja.context, desk, deskVisitor.context]) await c.close();
});
