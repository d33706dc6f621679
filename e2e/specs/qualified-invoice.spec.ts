import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed, wedgeScan } from '../support/pages.ts';

/**
 * Japan's qualified simplified invoice (product.md §5): a yen store sets its registration number,
 * sells a reduced-rate (8%) and a standard-rate (10%) item at the counter, and its public receipt
 * shows the number, the ※ mark and each rate's total and tax; a refund has its own return receipt
 * with the sale's date. Screenshots of both receipts (58 and 80 mm rolls, phone and desk, English
 * and Japanese) go to QUALIFIED_SHOTS when set.
 */

const NTA = 'T7000012050002';
const shots = process.env.QUALIFIED_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

async function api(page: Page, store: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, headers: await apiHeaders(page, store), data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A logged-out visitor (the customer's phone, or a desk) in `locale`. */
async function visitor(browser: Browser, locale: 'en-US' | 'ja-JP', desktop: boolean) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale,
    viewport: desktop ? { width: 1280, height: 800 } : { width: 390, height: 844 },
    isMobile: !desktop,
    deviceScaleFactor: desktop ? 1 : 2,
  });
  return { context, page: await context.newPage() };
}

test('a yen store with a registration number issues qualified invoices and return invoices', async ({
  page,
  browser,
}) => {
  const owner = await signUpConfirmed(page, 'invoice');
  const store = owner.urlName;
  await api(page, store, 'PUT', `/api/secure/virtual-store/${store}`, {
    name: '角の店',
    mainCurrency: 'JPY',
    secondCurrency: null,
    timezone: 'Asia/Tokyo',
    address: '東京都渋谷区神宮前1-2-3',
    phone: '03-1234-5678',
  });

  // The owner sets tax in the prices at 10% and the registration number; a typo is refused.
  await page.goto(`/${store}/profile/store/${store}/sales`);
  await page.getByRole('radio', { name: /^Prices include tax/ }).click();
  await page.getByLabel('Tax rate').fill('10');
  const number = page.getByLabel('Registration number (qualified invoice)');
  await number.fill('T7000012050003');
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText("This number's check digit does not match")).toBeVisible();
  await number.fill(NTA);
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText('Sales settings saved.')).toBeVisible();

  // Food to take away at the reduced 8%, a magazine at the standard 10%.
  const riceBall = randomInStoreEan13();
  const magazine = randomInStoreEan13();
  await api(page, store, 'POST', '/api/secure/product', {
    code: riceBall,
    name: 'おにぎり',
    price: 150,
    quantity: 20,
    taxRate: 800,
  });
  await api(page, store, 'POST', '/api/secure/product', {
    code: magazine,
    name: '雑誌',
    price: 550,
    quantity: 5,
    taxRate: 1000,
  });

  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  await wedgeScan(page, riceBall);
  await wedgeScan(page, riceBall);
  await wedgeScan(page, magazine);
  await expect(page.getByTestId('cart-total')).toHaveText(/^[¥￥]850$/);
  await page.getByTestId('pay-phone').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Exact/ }).click();
  await dialog.getByRole('button', { name: /^Take/ }).click();
  await dialog.getByRole('button', { name: 'QR code' }).click();
  const href = (await page.getByRole('link', { name: 'Open the receipt' }).getAttribute('href')) ?? '';
  const code = /\/receipt\/([0-9A-Z]{12})$/.exec(href)?.[1] ?? '';
  expect(code).not.toBe('');

  // The customer's page: issuer, number, ※ and its meaning, each rate's total and tax (per rate:
  // 300 at 8% holds 22, 550 at 10% holds 50).
  const customer = await visitor(browser, 'en-US', false);
  try {
    const receipt = customer.page;
    // A yen store's receipt opens in Japanese; this customer switches it to English (kept for them).
    await receipt.goto(`/receipt/${code}`);
    await expect(receipt.locator('.receipt')).toContainText(`登録番号`);
    await receipt.getByRole('link', { name: 'English' }).click();
    const paper = receipt.locator('.receipt');
    await expect(paper).toContainText('角の店');
    await expect(paper).toContainText(`Registration no. ${NTA}`);
    await expect(paper).toContainText('Qualified simplified invoice');
    await expect(paper).toContainText('おにぎり ※');
    await expect(paper).toContainText('※ Reduced tax rate item');
    const pair = (left: string) => paper.locator('.r-pair').filter({ hasText: left });
    await expect(pair('Taxable at 10%')).toContainText('￥550');
    await expect(pair('Incl. tax 10%')).toContainText('￥50');
    await expect(pair('Taxable at 8%')).toContainText('￥300');
    await expect(pair('Incl. tax 8%')).toContainText('￥22');
  } finally {
    await customer.context.close();
  }

  // One rice ball comes back, from the sale's page; the refund offers its return receipt.
  // On a desk: on the phone the bottom tab bar sits over the refund stepper until one scrolls.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${store}/shop/list/${code}`);
  await page.getByRole('button', { name: 'Choose items' }).click();
  await page.getByRole('button', { name: 'One more: おにぎり' }).click();
  // The web app writes the yen sign half-width, the receipt as Intl's ja-JP does (full-width).
  await page.getByRole('button', { name: /^Refund [¥￥]150$/ }).click();
  await page
    .getByRole('dialog', { name: /^Refund [¥￥]150\?$/ })
    .getByRole('button', { name: /^Refund [¥￥]150$/ })
    .click();
  const refund = page.getByTestId('refund');
  await expect(refund.getByRole('button', { name: 'Print return receipt' })).toBeVisible();

  // The sale's page links to the return invoice: the sale's date, the refunded amount and tax per rate.
  const returned = await visitor(browser, 'en-US', false);
  try {
    const receipt = returned.page;
    await receipt.goto(`/receipt/${code}?lang=en`);
    await receipt.getByRole('link', { name: /^Return receipt 1/ }).click();
    await expect(receipt).toHaveURL(new RegExp(`/receipt/${code}/return/1$`));
    const paper = receipt.locator('.receipt');
    await expect(paper).toContainText('Qualified return invoice');
    await expect(paper).toContainText(`Registration no. ${NTA}`);
    await expect(paper).toContainText('Sale date');
    await expect(paper).toContainText('1 × おにぎり ※');
    const pair = (left: string) => paper.locator('.r-pair').filter({ hasText: left });
    await expect(pair('Refunded')).toContainText('￥150');
    await expect(pair('Taxable at 8%')).toContainText('￥150');
    await expect(pair('Incl. tax 8%')).toContainText('￥11');
    await expect(pair('Taxable at 10%')).toHaveCount(0);
  } finally {
    await returned.context.close();
  }

  if (!shots) return;
  test.setTimeout(240_000); // 16 full-page screenshots
  const template = await api(page, store, 'GET', `/api/secure/virtual-store/${store}/receipt-template`);
  const { storeId: _s, logoImageId: _l, logoUploaded: _u, ...body } = template;
  for (const paperWidth of [58, 80]) {
    await api(page, store, 'PUT', `/api/secure/virtual-store/${store}/receipt-template`, { ...body, paperWidth });
    for (const locale of ['en-US', 'ja-JP'] as const) {
      for (const desktop of [false, true]) {
        const v = await visitor(browser, locale, desktop);
        const size = desktop ? '1280x800' : '390x844';
        await v.page.goto(`/receipt/${code}`);
        await v.page.screenshot({ path: `${shots}/sale-${paperWidth}mm-${locale}-${size}.png`, fullPage: true });
        await v.page.goto(`/receipt/${code}/return/1`);
        await v.page.screenshot({ path: `${shots}/return-${paperWidth}mm-${locale}-${size}.png`, fullPage: true });
        await v.context.close();
      }
    }
  }
});
