import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_RECEIPT_TEMPLATE } from '@shopdesk/shared';
import { decode } from '../support/customers.ts';
import { solidPng } from '../support/png.ts';
import { seedStore } from '../support/app-routes.ts';
import { waitForMail } from '../support/mailbox.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';

/**
 * The customer display end to end (issue 45), every part real: the counter's own screens drive a
 * second window of the same device (BroadcastChannel) and a tablet paired by the counter's QR (a
 * browser context of its own, no login, states pushed by the server). The tablet loses its network
 * in the middle of the sale and catches up; after payment it shows the change and the receipt's QR,
 * and mails the receipt through the server's SMTP; revoking it from the counter stops it at once.
 */

/** What a phone's camera would read from a QR code on screen: zbarimg on the element's pixels. */
async function readQr(qr: Locator): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'display-qr-')), 'qr.png');
  await qr.screenshot({ path: file });
  return decode(file, '-Sdisable', '-Sqrcode.enable');
}

/** With DISPLAY_SHOTS=dir, the screens of this flow are kept there as PNGs to look at. */
const shot = async (page: Page, name: string) => {
  if (process.env.DISPLAY_SHOTS) await page.screenshot({ path: `${process.env.DISPLAY_SHOTS}/${name}.png` });
};

async function openDisplayDialog(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Customer display' }).click();
  return page.getByRole('dialog', { name: 'Customer display' });
}

/** Pays the cart in cash with `amount` typed, as a cashier does, and waits for the change screen. */
async function payCash(page: Page, amount: string) {
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await page.getByRole('dialog').getByRole('textbox').first().fill(amount);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('change-amount')).toBeVisible();
}

/** The store's receipt logo (a 120×40 image) shown on its receipts, as the template screen sets it. */
async function giveLogo(page: Page, store: string) {
  const headers = await apiHeaders(page, store);
  const path = `/api/secure/virtual-store/${store}/receipt-template`;
  const template = (await (await page.request.get(path, { headers })).json()) as { logoImageId: string };
  const put = await page.request.put(`/api/secure/file/data/${store}/${template.logoImageId}`, {
    headers: { ...headers, 'content-type': 'image/png' },
    data: solidPng(120, 40, [20, 110, 100]),
  });
  expect(put.status(), await put.text()).toBe(200);
  const saved = await page.request.put(path, { headers, data: { ...DEFAULT_RECEIPT_TEMPLATE, showLogo: true } });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a second window follows the counter: scans, payment and change, then idle again', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'dispwin');
  await giveLogo(page, store);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();

  const dialog = await openDisplayDialog(page);
  const [display] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Open a second window' }).click(),
  ]);
  await expect(display).toHaveURL(new RegExp(`/display-window/${store}$`));
  // Idle: the store's name and its receipt logo, nothing of a sale.
  await expect(display.getByRole('heading', { level: 1 })).toBeVisible();
  const logo = display.locator('img.cd-logo');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await wedgeScan(page, codes.inStock);
  await expect(display.getByText('Green tea 500 g')).toBeVisible();
  await expect(display.getByTestId('display-total')).toContainText('$12.50');
  await wedgeScan(page, codes.inStock);
  await expect(display.getByTestId('display-total')).toContainText('$25.00');
  // What a customer may see, never the product's code.
  expect(await display.content()).not.toContain(codes.inStock);

  await payCash(page, '30');
  await expect(display.getByTestId('display-change')).toContainText('$5.00');
  await expect(display.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(display.getByText('Green tea 500 g')).toHaveCount(0);
  await expect(display.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a tablet paired by QR follows a phone counter through a network drop, mails the receipt, and stops when revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { store, codes } = await seedStore(page, 'disppair');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();

  // The phone cannot open a second window: the dialog pairs a device by its QR code instead.
  const dialog = await openDisplayDialog(page);
  await dialog.getByLabel('Device name').fill('Tablet by the till');
  await dialog.getByRole('button', { name: 'Show a pairing code' }).click();
  await expect(dialog.getByTestId('display-pair-qr')).toBeVisible();
  const href = await dialog.getByRole('link', { name: /\/display\// }).getAttribute('href');
  // The QR the tablet scans carries exactly the link shown under it.
  expect(await readQr(dialog.getByTestId('display-pair-qr'))).toBe(href);
  await shot(page, 'counter-pair-qr-phone');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The tablet: a browser of its own, nobody logged in, landscape.
  const tablet = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
    viewport: { width: 1024, height: 768 },
  });
  const display = await tablet.newPage();
  await display.goto(new URL(href!).pathname);
  await expect(display.getByRole('heading', { level: 1 })).toBeVisible();

  await wedgeScan(page, codes.inStock);
  await expect(display.getByText('Green tea 500 g')).toBeVisible();
  await expect(display.getByTestId('display-total')).toContainText('$12.50');
  await shot(display, 'tablet-sale');

  // The tablet's network drops while the cashier rings up more: it says it waits, then catches up.
  await tablet.setOffline(true);
  await expect(display.getByRole('status')).toContainText('Waiting for the counter…');
  await wedgeScan(page, codes.negative);
  await expect(page.getByText('Handmade soap')).toBeVisible();
  await tablet.setOffline(false);
  await expect(display.getByText('Handmade soap')).toBeVisible();
  await expect(display.getByTestId('display-total')).toContainText('$18.50');
  await expect(display.getByRole('status')).toHaveCount(0);

  await payCash(page, '20');
  await expect(display.getByTestId('display-change')).toContainText('$1.50');
  await expect(display.getByTestId('display-receipt-qr')).toBeVisible();
  // The receipt's QR opens the sale's public receipt page.
  const receiptUrl = await readQr(display.getByTestId('display-receipt-qr'));
  expect(receiptUrl).toMatch(/\/receipt\/[0-9A-Z]{12}$/);
  await shot(display, 'tablet-paid');

  // The customer types their address on the tablet; the mail goes out through SMTP.
  const address = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const since = Date.now();
  await display.getByLabel('Email address').fill(address);
  await display.getByRole('button', { name: 'Send' }).click();
  await expect(display.getByRole('status')).toContainText('Sent.');
  const mail = await waitForMail(address, since);
  expect(mail.text).toContain('Green tea 500 g');
  expect(mail.text).toContain('Handmade soap');
  expect(mail.text).toContain(new URL(receiptUrl).pathname);

  // Revoked from the counter: the tablet says so at once.
  await page.getByRole('button', { name: 'New sale' }).click();
  const again = await openDisplayDialog(page);
  await again.getByRole('button', { name: 'Revoke Tablet by the till' }).click();
  await page.getByRole('dialog', { name: 'Revoke this display?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(display.getByRole('heading', { name: 'This display was unpaired' })).toBeVisible();
  await tablet.close();
});
