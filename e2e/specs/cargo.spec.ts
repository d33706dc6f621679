import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, logIn, signUpConfirmed, wedgeScan } from '../support/pages.ts';
import { readObjectStore } from '../support/indexed-db.ts';

/**
 * Cargo with two users: the first makes a cargo of two products by wedge scans and shows its
 * transfer QR; the second, not logged in yet, opens the link the QR encodes, logs in and receives
 * it, counts one item short and marks it arrived; the second's stock holds what was counted, and
 * the first sees the shortage on its TRANSFERRED cargo. Then counting offline: the network is cut,
 * five are added, it comes back, and the server has the five.
 */
const shots = process.env.CARGO_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

const PHONE = { width: 390, height: 844 };

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

/** The saved / saving / waiting state the editor shows. */
const saveState = (page: Page) => page.getByTestId('cargo-save-state');

test('cargo: two products by wedge scans, handed over by QR, counted short, arrived into stock', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await newPage(browser);
  const b = await newPage(browser);
  try {
    // --- The sender makes the cargo.
    const { store: storeA, codes } = await seedStore(a.page, 'cargoA');
    await a.page.goto(`/${storeA}/cargo/manage`);
    await expect(a.page.getByRole('heading', { name: 'Cargo', exact: true })).toBeVisible();
    await expect(a.page.getByText('No cargo yet.', { exact: false })).toBeVisible();
    await a.page.getByRole('link', { name: 'New cargo' }).click();
    await a.page.getByLabel('Cargo name').fill('Spring delivery');
    await a.page.getByLabel('Origin').fill('Osaka warehouse');
    await a.page.getByRole('button', { name: 'Create and add contents' }).click();
    await expect(a.page).toHaveURL(/\/cargo\/manage\/new\/[0-9A-Z]{8}\?edit=true$/);
    const cargoCode = /new\/([0-9A-Z]{8})/.exec(a.page.url())![1]!;
    await expect(a.page.getByText('Scan a barcode, or type it, to add the first item.')).toBeVisible();

    // Three of the green tea and two rice crackers, every one a scanner burst.
    for (let i = 0; i < 3; i++) await wedgeScan(a.page, codes.inStock);
    for (let i = 0; i < 2; i++) await wedgeScan(a.page, codes.zero);
    await expect(a.page.getByRole('textbox', { name: 'Quantity of Green tea 500 g' })).toHaveValue('3');
    await expect(a.page.getByRole('textbox', { name: 'Quantity of Rice crackers' })).toHaveValue('2');
    await expect(saveState(a.page)).toHaveText('All changes saved');
    await shot(a.page, 'cargo-edit-phone');
    // The cargo's own details change from the same screen.
    await a.page.getByRole('button', { name: 'Edit details' }).click();
    const details = a.page.getByRole('dialog', { name: 'Edit details' });
    await details.getByLabel('Origin').fill('Osaka warehouse, bay 3');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details).toHaveCount(0);

    // The server holds the counts (the known products filled name and price).
    const headersA = await apiHeaders(a.page, storeA);
    const contents = await (
      await a.page.request.get(`/api/secure/cargo/code/${cargoCode}/contents`, { headers: headersA })
    ).json();
    expect(
      contents.map((c: { name: string; quantity: number; price: number }) => [c.name, c.quantity, c.price]).sort(),
    ).toEqual([
      ['Green tea 500 g', 3, 1250],
      ['Rice crackers', 2, 320],
    ]);

    // --- Its transfer QR.
    await a.page.getByRole('link', { name: 'Done' }).click();
    await expect(a.page).toHaveURL(new RegExp(`/cargo/manage/${cargoCode}$`));
    await expect(a.page.getByText('Osaka warehouse, bay 3')).toBeVisible();
    await expect(a.page.getByText('5', { exact: true }).first()).toBeVisible();
    await a.page.getByRole('button', { name: 'Transfer' }).first().click();
    await expect(a.page).toHaveURL(/\?transfer=true$/);
    await a.page.getByRole('button', { name: 'Show QR code' }).click();
    const qr = a.page.getByTestId('cargo-transfer-qr');
    await expect(qr).toBeVisible();
    await expect(a.page.getByTestId('cargo-qr-expiry')).toContainText('Valid until');
    const link = (await qr.getAttribute('data-link'))!;
    expect(link).toMatch(/\/cargo\/receive\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    // What a phone camera reads from the screen is that link.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cargo-qr-')), 'qr.png');
    // Clear of the phone's bottom tab bar, which would cover part of it.
    await qr.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await qr.screenshot({ path: file });
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
    }).trim();
    expect(decoded).toBe(link);
    await shot(a.page, 'cargo-transfer-qr-phone');

    // --- The receiver opens the link, confirms, and gets the cargo in its own store.
    // The receiver signed up elsewhere; this phone is not logged in: the link waits through the login.
    const signUpDevice = await newPage(browser);
    const owner = await signUpConfirmed(signUpDevice.page, 'cargoB').finally(() => signUpDevice.context.close());
    const storeB = owner.urlName;
    await b.page.goto(new URL(link).pathname);
    await expect(b.page).toHaveURL(/\/auth$/);
    await logIn(b.page, owner.email, owner.password);
    await expect(b.page.getByRole('dialog', { name: 'Receive this cargo?' })).toBeVisible();
    await b.page.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(b.page).toHaveURL(new RegExp(`/${storeB}/cargo/manage/[0-9A-Z]{8}$`));
    const receivedCode = /manage\/([0-9A-Z]{8})$/.exec(b.page.url())![1]!;
    expect(receivedCode).not.toBe(cargoCode);
    await expect(b.page.getByText(/Handed over from Corner Shop cargoA/)).toBeVisible();
    await expect(b.page.getByText('Not arrived').first()).toBeVisible();

    // Counts what came: three green tea, but one rice cracker of two (one short).
    for (let i = 0; i < 3; i++) await b.page.getByRole('button', { name: 'Add one Green tea 500 g' }).click();
    await b.page.getByRole('button', { name: 'Add one Rice crackers' }).click();
    await expect(b.page.getByRole('textbox', { name: 'Received quantity of Green tea 500 g' })).toHaveValue('3');
    await expect(b.page.getByRole('textbox', { name: 'Received quantity of Rice crackers' })).toHaveValue('1');
    await expect(b.page.getByText('Sent: 2 · 1 short')).toBeVisible();
    await expect(saveState(b.page)).toHaveText('All changes saved');
    await shot(b.page, 'cargo-received-counting-phone');

    await b.page.getByRole('button', { name: 'Mark arrived' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Mark this cargo arrived?' });
    await expect(dialog).toContainText('4 pieces (as counted) will be added to your stock.');
    await dialog.getByRole('button', { name: 'Mark arrived' }).click();
    await expect(b.page.getByText('Arrived', { exact: true }).first()).toBeVisible();
    await expect(b.page.getByText(/its goods are in your stock/)).toBeVisible();
    await shot(b.page, 'cargo-arrived-phone');

    // The receiver's stock holds what was counted, products created from the contents.
    const headersB = await apiHeaders(b.page, storeB);
    for (const [code, quantity] of [
      [codes.inStock, 3],
      [codes.zero, 1],
    ] as const) {
      const res = await b.page.request.get(`/api/secure/product/lookup/${code}`, { headers: headersB });
      expect((await res.json()).product.quantity).toBe(quantity);
    }
    await b.page.goto(`/${storeB}/stock/list`);
    await expect(b.page.getByText('2 products')).toBeVisible();
    await expect(b.page.getByRole('listitem').filter({ hasText: 'Green tea 500 g' })).toContainText('3');

    // --- The sender sees the cargo handed over, read-only, with the receiver's shortage.
    await a.page.goto(`/${storeA}/cargo/manage/${cargoCode}`);
    await expect(a.page.getByText('Transferred').first()).toBeVisible();
    await expect(a.page.getByText(/Handed over to/)).toBeVisible();
    await expect(a.page.getByText('1 short').first()).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Mark arrived' })).toHaveCount(0);
    await expect(a.page.getByRole('link', { name: 'Edit contents' })).toHaveCount(0);
    await shot(a.page, 'cargo-transferred-phone');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await shot(a.page, 'cargo-transferred-desktop');
    await a.page.goto(`/${storeA}/cargo/manage`);
    await expect(a.page.getByRole('table', { name: 'Cargo' })).toContainText('Spring delivery');
    await expect(a.page.getByRole('table', { name: 'Cargo' })).toContainText('Osaka warehouse, bay 3');
    await shot(a.page, 'cargo-list-desktop');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('cargo: counting offline is kept on the device and reaches the server once back', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  try {
    const { store, codes } = await seedStore(page, 'cargoOff');
    const headers = await apiHeaders(page, store);
    const made = await page.request.post('/api/secure/cargo/new', {
      headers,
      data: { name: 'Back room count', contents: [{ code: codes.inStock, name: 'Green tea 500 g', quantity: 1 }] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { code } = await made.json();

    await page.goto(`/${store}/cargo/manage/new/${code}?edit=true`);
    const quantity = page.getByRole('textbox', { name: 'Quantity of Green tea 500 g' });
    await expect(quantity).toHaveValue('1');

    await context.setOffline(true);
    // The banner says counting goes on, instead of "changes can't be saved".
    await expect(page.getByTestId('offline-banner')).toContainText('Counts are kept on this device');
    const plus = page.getByRole('button', { name: 'Add one Green tea 500 g' });
    for (let i = 0; i < 5; i++) await plus.click();
    await expect(quantity).toHaveValue('6');
    await expect(saveState(page)).toContainText('Waiting for network');
    await shot(page, 'cargo-offline-phone');
    // Kept on the device: a reload while offline would lose nothing (the queue is in IndexedDB).
    const differences = await readObjectStore<{ difference: number }>(page, 'shopdesk-cargo-queue', 'differences');
    const queued = (differences ?? []).reduce((n, e) => n + e.difference, 0);
    expect(queued).toBe(5);

    await context.setOffline(false);
    await expect(saveState(page)).toHaveText('All changes saved', { timeout: 20_000 });
    const contents = await (await page.request.get(`/api/secure/cargo/code/${code}/contents`, { headers })).json();
    expect(contents[0].quantity).toBe(6);
    await expect(quantity).toHaveValue('6');

    // With "Save as I count" off, counts wait for Save, and leaving asks first.
    await page.getByRole('switch', { name: 'Save as I count' }).uncheck();
    await plus.click();
    await expect(saveState(page)).toHaveText('Not saved yet');
    await page.getByRole('link', { name: 'Done' }).click();
    const leave = page.getByRole('dialog', { name: 'Save your counts?' });
    await leave.getByRole('button', { name: 'Save and leave' }).click();
    await expect(page).toHaveURL(new RegExp(`/cargo/manage/${code}$`));
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`/api/secure/cargo/code/${code}/contents`, { headers })).json())[0].quantity,
      )
      .toBe(7);
  } finally {
    await context.close();
  }
});

test('cargo: the free plan says how many cargos are left, and at its limit the way to upgrade', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  try {
    const { store } = await seedStore(page, 'cargoLim');
    const headers = await apiHeaders(page, store);
    const status = await (await page.request.get('/api/secure/subscription/status', { headers })).json();
    const limit: number = status.freeCargoLimit;
    expect(limit).toBeGreaterThan(1);
    const make = (name: string) => page.request.post('/api/secure/cargo/new', { headers, data: { name } });
    for (let i = 1; i < limit; i++) expect((await make(`Delivery ${i}`)).status()).toBe(201);

    await page.goto(`/${store}/cargo/manage/new`);
    await expect(page.getByText('1 cargo left on the free plan')).toBeVisible();
    // Another device takes the last one meanwhile: this create is refused with the way out.
    expect((await make('The last one')).status()).toBe(201);
    await page.getByLabel('Cargo name').fill('One too many');
    await page.getByRole('button', { name: 'Create and add contents' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Free plan limit reached' });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      `/${store}/profile/subscription`,
    );
    await shot(page, 'cargo-limit-refused-phone');

    await page.goto(`/${store}/cargo/manage`);
    await expect(page.getByRole('alert').filter({ hasText: 'Free plan limit reached' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New cargo' })).toHaveAttribute('data-disabled', 'true');
    const list = await (await page.request.get('/api/secure/cargo/search/window/0/100', { headers })).json();
    expect(list.total).toBe(limit);
  } finally {
    await context.close();
  }
});

test('cargo: handed straight to another of my stores', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  try {
    const { store, codes } = await seedStore(page, 'cargoMine');
    const headers = await apiHeaders(page, store);
    const branch = { name: 'Harbour Kiosk', urlName: `kiosk-${Date.now().toString(36)}`, mainCurrency: 'USD' };
    const made = await page.request.post('/api/secure/virtual-store', { headers, data: branch });
    expect(made.status(), await made.text()).toBe(201);
    const cargo = await page.request.post('/api/secure/cargo/new', {
      headers,
      data: { name: 'For the kiosk', contents: [{ code: codes.inStock, name: 'Green tea 500 g', quantity: 4 }] },
    });
    const { code } = await cargo.json();

    await page.goto(`/${store}/cargo/manage/${code}?transfer=true`);
    await page.getByRole('combobox', { name: 'Store' }).click();
    await page.getByRole('option', { name: 'Harbour Kiosk' }).click();
    await page.getByRole('button', { name: 'Transfer', exact: true }).last().click();
    const confirm = page.getByRole('dialog', { name: 'Transfer this cargo?' });
    await expect(confirm).toContainText('“For the kiosk” moves to Harbour Kiosk');
    await confirm.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByText('Handed over to Harbour Kiosk')).toBeVisible();
    await expect(page.getByText('Transferred').first()).toBeVisible();

    // The kiosk has it, not arrived, handed over from the first store.
    await page.goto(`/${branch.urlName}/cargo/manage`);
    await page.getByRole('button', { name: 'For the kiosk' }).click();
    await expect(page.getByText(/Handed over from Corner Shop cargoMine/)).toBeVisible();
    await expect(page.getByText('Not arrived').first()).toBeVisible();
  } finally {
    await context.close();
  }
});
