import { expect, test, type Page } from '@playwright/test';
import { seedStore, settle } from '../support/app-routes.ts';
import { apiHeaders, wedgeScan } from '../support/pages.ts';
import { inJapanese } from '../support/till.ts';

const shots = process.env.DISPLAY_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  await settle(page);
  await page.screenshot({ path: `${shots}/${name}.png` });
};

async function openDisplayDialog(page: Page) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Customer display' }).click();
  return page.getByRole('dialog', { name: 'Customer display' });
}

test('counter: the customer display dialog and the tills page read in Japanese', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'displayja');
  const paired = await page.request.post('/api/secure/display/pair', {
    headers: await apiHeaders(page, store),
    data: { name: 'Tablet by the door' },
  });
  expect(paired.status(), await paired.text()).toBe(201);
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
