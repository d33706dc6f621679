import { expect, test, type Page } from '@playwright/test';
import type { DisplayChannelMessage, DisplayPairing } from '@shopdesk/shared';
import { seedStore, settle } from '../support/app-routes.ts';
import { wedgeScan } from '../support/pages.ts';
import { inJapanese } from '../support/till.ts';

const shots = process.env.DISPLAY_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  await settle(page);
  await page.screenshot({ path: `${shots}/${name}.png` });
};

/** A QR-like SVG (the server's is a real one): the dialog shows whatever image it is given. */
const QR = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><rect width="21" height="21" fill="#fff"/>${Array.from(
    { length: 120 },
    (_, i) => `<rect x="${(i * 7) % 21}" y="${(i * 11) % 21}" width="1" height="1"/>`,
  ).join('')}<path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0z"/></svg>`,
)}`;

/**
 * The server's display routes, faked (they are built apart, display-server): the pairings, and the
 * states the counter PUTs to each, as the server would receive them.
 */
async function fakeDisplayServer(page: Page) {
  const items: DisplayPairing[] = [
    {
      id: 'older',
      name: 'Tablet by the door',
      createdAt: '2026-12-01T01:00:00.000Z',
      createdBy: 'Olive Owner',
      lastSeenAt: '2026-12-05T11:00:00.000Z',
      connected: false,
    },
  ];
  const states: { id: string; body: Record<string, unknown> }[] = [];
  await page.route('**/api/secure/display/pair**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const state = /\/display\/pair\/([^/]+)\/state$/.exec(url.pathname);
    if (state && request.method() === 'PUT') {
      states.push({ id: state[1]!, body: request.postDataJSON() as Record<string, unknown> });
      return route.fulfill({ status: 204 });
    }
    if (request.method() === 'DELETE') {
      const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      items.splice(
        items.findIndex((d) => d.id === id),
        1,
      );
      return route.fulfill({ status: 204 });
    }
    if (request.method() === 'POST') {
      const pairing: DisplayPairing = {
        id: 'new-1',
        name: (request.postDataJSON() as { name?: string }).name ?? 'Display',
        createdAt: new Date().toISOString(),
        createdBy: 'Olive Owner',
        lastSeenAt: null,
        connected: false,
      };
      items.unshift(pairing);
      const token = 'T'.repeat(43);
      return route.fulfill({ status: 201, json: { ...pairing, url: `${url.origin}/display/${token}`, qr: QR } });
    }
    return route.fulfill({ json: { items } });
  });
  return states;
}

async function openDisplayDialog(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Customer display' }).click();
  return page.getByRole('dialog', { name: 'Customer display' });
}

test('counter: the customer display follows the cart on a second window and a paired device', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'display');
  const states = await fakeDisplayServer(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();

  // A second window of the same device, as display-window would listen.
  const window2 = await page.context().newPage();
  await window2.goto(`/legal`);
  await window2.evaluate((name) => {
    const w = window as unknown as { heard: unknown[] };
    w.heard = [];
    new BroadcastChannel(name).onmessage = (e) => w.heard.push(e.data);
  }, `shopdesk-display:${store}`);

  let dialog = await openDisplayDialog(page);
  await expect(dialog.getByRole('button', { name: 'Open a second window' })).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Tablet by the door' })).toBeVisible();
  await shot(page, 'dialog-desktop');
  await dialog.getByLabel('Device name').fill('Tablet by the till');
  await dialog.getByRole('button', { name: 'Show a pairing code' }).click();
  await expect(dialog.getByTestId('display-pair-qr')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /\/display\/T{43}$/ })).toBeVisible();
  await shot(page, 'pair-qr-desktop');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await wedgeScan(page, codes.inStock);
  await wedgeScan(page, codes.inStock);
  await expect.poll(() => states.at(-1)?.body.itemCount).toBe(2);
  const sent = states.at(-1)!;
  expect(sent.id).toBe('new-1');
  expect(sent.body).toMatchObject({
    phase: 'sale',
    lines: [{ name: 'Green tea 500 g', quantity: 2, unitPrice: 1250 }],
  });
  expect(JSON.stringify(sent.body)).not.toContain(codes.inStock);
  const heard = () => window2.evaluate(() => (window as unknown as { heard: DisplayChannelMessage[] }).heard);
  await expect.poll(async () => (await heard()).at(-1)).toMatchObject({ type: 'state', state: { itemCount: 2 } });

  // Paying: the display shows the payment, then the change.
  await page.getByRole('button', { name: /^Pay/ }).first().click();
  await expect.poll(() => states.at(-1)?.body.phase).toBe('payment');
  await page.getByRole('dialog').getByRole('textbox').first().fill('30');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('change-amount')).toBeVisible();
  await expect.poll(() => states.at(-1)?.body.phase).toBe('paid');
  expect(states.at(-1)!.body).toMatchObject({
    total: 2500,
    payment: { tendered: [{ label: 'Cash', currency: 'USD', amount: 3000 }], change: { currency: 'USD', amount: 500 } },
  });
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect.poll(() => states.at(-1)?.body.phase).toBe('idle');

  // Phone, cart empty: More sits in the title row; no second window there, pairing is offered.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'counter-empty-phone');
  dialog = await openDisplayDialog(page);
  await expect(dialog.getByText('This device cannot open a second window.', { exact: false })).toBeVisible();
  await shot(page, 'dialog-phone');
  await dialog.getByRole('button', { name: 'Revoke Tablet by the till' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this display?' });
  await expect(confirm).toBeVisible();
  await shot(page, 'revoke-phone');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('listitem', { name: 'Tablet by the till' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Turn the display off on this device' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn the display off on this device' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate((s) => localStorage.getItem(`shopdesk.display.on:${s}`), store)).toBeNull();
});

test('counter: the customer display dialog and the tills page read in Japanese', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'displayja');
  await fakeDisplayServer(page);
  await inJapanese(page);
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/${store}/shop/counter`);
    await wedgeScan(page, codes.inStock);
    await page.getByRole('button', { name: 'その他の操作' }).click();
    await page.getByRole('menuitem', { name: 'お客様表示' }).click();
    const dialog = page.getByRole('dialog', { name: 'お客様表示' });
    await expect(dialog.getByRole('listitem', { name: 'Tablet by the door' })).toBeVisible();
    await shot(page, `dialog-ja-${size}`);
    await page.goto(`/${store}/profile/store/${store}/tills`);
    await expect(page.getByRole('heading', { name: 'お客様表示' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Tablet by the door' })).toBeVisible();
    await shot(page, `tills-ja-${size}`);
  }
});

test('counter: a display paired through the server gets the sale, and stops once revoked', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'displayreal');
  await page.goto(`/${store}/shop/counter`);
  await wedgeScan(page, codes.inStock);
  const dialog = await openDisplayDialog(page);
  await dialog.getByLabel('Device name').fill('Tablet by the till');
  await dialog.getByRole('button', { name: 'Show a pairing code' }).click();
  const link = dialog.getByRole('link', { name: /\/display\// });
  const token = new URL((await link.getAttribute('href'))!).pathname.split('/').pop()!;
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');

  // The snapshot the display starts from: the counter's cart, with nothing but what it may show.
  const snapshot = async () => (await page.request.get(`/api/public/display/${token}`)).json();
  await expect.poll(async () => (await snapshot()).state?.itemCount).toBe(1);
  await wedgeScan(page, codes.inStock);
  await expect.poll(async () => (await snapshot()).state?.itemCount).toBe(2);
  const shown = await snapshot();
  expect(shown.state).toMatchObject({ phase: 'sale', lines: [{ name: 'Green tea 500 g', quantity: 2 }] });
  expect(JSON.stringify(shown)).not.toContain(codes.inStock);

  const again = await openDisplayDialog(page);
  await again.getByRole('button', { name: 'Revoke Tablet by the till' }).click();
  await page.getByRole('dialog', { name: 'Revoke this display?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(again.getByRole('listitem', { name: 'Tablet by the till' })).toBeHidden();
  expect((await page.request.get(`/api/public/display/${token}`)).status()).toBe(404);
});
