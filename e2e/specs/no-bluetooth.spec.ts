import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/**
 * A browser without Web Bluetooth (Firefox, Safari, an iPhone, Android's WebView): printing a
 * receipt or a label falls back to the browser's print dialog, never to an error. The Bluetooth
 * adapter is chosen at run time (printing/bluetooth/printer-transport.ts).
 */

const SHOTS = process.env.MOBILE_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** No Web Bluetooth at all, and a print dialog that records what each frame would print. */
function withoutBluetooth() {
  delete (Navigator.prototype as { bluetooth?: unknown }).bluetooth;
  delete (navigator as { bluetooth?: unknown }).bluetooth;
  const top = window.top as unknown as { __printed?: string[] };
  top.__printed ??= [];
  window.print = () => void top.__printed!.push(document.documentElement.outerHTML);
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed);

async function api(page: Page, store: string, path: string, data: unknown) {
  const headers = await apiHeaders(page, store);
  const res = await page.request.post(path, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<{ code: string }>;
}

test('without Web Bluetooth a receipt and a label print through the browser, not an error', async ({ page }) => {
  await page.addInitScript(withoutBluetooth);
  const owner = await signUpConfirmed(page, 'nobt');
  const store = owner.urlName;
  expect(await page.evaluate(() => 'bluetooth' in navigator)).toBe(false);

  const code = randomInStoreEan13();
  await api(page, store, '/api/secure/product', { code, name: 'Oolong tea', price: 480, quantity: 5 });
  const sale = await api(page, store, '/api/secure/shop/transaction', {
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code, quantity: 2 }],
    payments: [{ method: 'CASH', currency: 'USD', amount: 1000 }],
  });

  // The receipt as the apps open a receipt link: the app's own page (a client-side navigation;
  // a browser loading /receipt/{code} gets the server's page instead).
  await page.goto(`/${store}`);
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/receipt/${sale.code}`);
  await expect(page.getByRole('heading', { name: `Receipt ${sale.code}` })).toBeVisible();
  const receipt = page.getByRole('figure', { name: `Receipt ${sale.code}` });
  await expect(receipt).toContainText('Oolong tea');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/receipt-link-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(async () => (await printed(page)).length).toBe(1);
  const [html] = await printed(page);
  expect(html).toContain('Oolong tea');
  expect(html).toContain('class="receipt"');
  await expect(page.getByText('The receipt could not be printed')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A shelf label: Bluetooth printing says why it is off, Browser print prints the label.
  await page.goto(`/${store}/stock/scan/${code}`);
  await page.getByRole('button', { name: 'Print label' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print label' });
  await expect(dialog.getByText(/This browser cannot reach Bluetooth printers/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Print', exact: true })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/label-no-bluetooth-phone.png` });
  await dialog.getByRole('button', { name: 'Browser print' }).click();
  // A new page load: the recorded prints start again.
  await expect.poll(async () => (await printed(page)).length).toBe(1);
  const [label] = await printed(page);
  // One label image per copy, on a page sized to the label paper.
  expect(label).toMatch(/<div id="label-print-root"><img src="data:image\/png;base64,[^"]+" alt="">/);
  expect(label).toContain('@page { size: 48mm');
  // The only notice is why Bluetooth is off: no error.
  await expect(dialog.getByRole('alert')).toHaveText([/cannot reach Bluetooth printers/]);

  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/label-no-bluetooth-desktop.png` });
    await page.keyboard.press('Escape');
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/receipt/${sale.code}`);
    await expect(page.getByRole('figure', { name: `Receipt ${sale.code}` })).toContainText('Oolong tea');
    await page.screenshot({ path: `${SHOTS}/receipt-link-desktop.png`, fullPage: true });
  }
});
