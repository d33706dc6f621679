import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomInStoreEan13, type Item } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed, wedgeScan } from '../support/pages.ts';

/**
 * Items with variants in the back office (issue 44): a T-shirt in 3 sizes × 2 colours made in the
 * item editor (a scanned, a generated and four server-made barcodes, a bulk price), folded and
 * unfolded in the product list, labels for all six printed at once with their quantities, a bulk
 * price edit and a retired variant saved. With ITEMS_SHOTS set, the editor and the list at
 * 390×844 and 1280×800 in English and Japanese.
 */

const SHOTS = process.env.ITEMS_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** A phone's whole page; a desktop's window (its fixed header and navigator repeat down a whole-page shot). */
async function shot(page: Page, name: string, at?: Locator) {
  if (!SHOTS) return;
  const desktop = (page.viewportSize()?.width ?? 0) > 800;
  if (at) await at.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: !desktop });
}

/** The editor on a desktop: its options, then its variants. */
async function editorShots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `${name}-top`);
  await shot(page, `${name}-variants`, page.getByRole('table').last());
}

/** No Web Bluetooth, and a print dialog that records what each frame would print (labels print through it). */
function recordPrints() {
  delete (Navigator.prototype as { bluetooth?: unknown }).bluetooth;
  delete (navigator as { bluetooth?: unknown }).bluetooth;
  const top = window.top as unknown as { __printed?: string[] };
  top.__printed ??= [];
  window.print = () => void top.__printed!.push(document.documentElement.outerHTML);
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed);

async function useLanguage(page: Page, locale: 'en-US' | 'ja-JP') {
  await page.evaluate((l) => {
    const session = JSON.parse(localStorage.getItem('shopdesk-session')!);
    session.state.userLocale = l;
    localStorage.setItem('shopdesk-session', JSON.stringify(session));
  }, locale);
  await page.reload();
}

async function itemOf(page: Page, store: string, id: string): Promise<Item> {
  const res = await page.request.get(`/api/secure/item/${id}`, { headers: await apiHeaders(page, store) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Item;
}

/** The decoded barcode of a label preview canvas. */
async function decoded(preview: Locator): Promise<string> {
  const png = await preview.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'label-')), 'label.png');
  writeFileSync(file, Buffer.from(png.split(',')[1]!, 'base64'));
  return execFileSync('zbarimg', ['--quiet', '--raw', file], { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
}

test('items: a T-shirt in 3 sizes × 2 colours, folded in the list, labels for all six, bulk price, a retired variant', async ({
  page,
}) => {
  await page.addInitScript(recordPrints);
  const owner = await signUpConfirmed(page, 'items');
  const store = owner.urlName;
  const scanned = randomInStoreEan13();

  // (a) From the product list, "New item with variants" beside New product (a line of its own on a phone).
  await page.goto(`/${store}/stock/list`);
  await expect(page.getByRole('link', { name: 'Add', exact: true })).toHaveAttribute('href', `/${store}/stock/new`);
  await page.getByRole('link', { name: 'New item with variants' }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/stock/items/new$`));
  await expect(page.getByRole('heading', { name: 'New item with variants' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Item name' }).fill('T-shirt');
  await page.getByRole('textbox', { name: 'Brand' }).fill('Acme');
  await page.getByRole('button', { name: 'Add an option (Size, Colour…)' }).click();
  const size = page.getByRole('region', { name: 'Option 1' });
  await size.getByRole('textbox', { name: 'Option 1' }).fill('Size');
  await size.getByRole('textbox', { name: 'Add values' }).fill('S, M, L');
  await size.getByRole('textbox', { name: 'Add values' }).press('Enter');
  await page.getByRole('button', { name: 'Add another option' }).click();
  const colour = page.getByRole('region', { name: 'Option 2' });
  await colour.getByRole('textbox', { name: 'Option 2' }).fill('Colour');
  await colour.getByRole('textbox', { name: 'Add values' }).fill('Red');
  await colour.getByRole('textbox', { name: 'Add values' }).press('Enter');
  await colour.getByRole('textbox', { name: 'Add values' }).fill('Blue');
  await colour.getByRole('button', { name: 'Add values to option 2' }).click();
  await expect(page.getByText('6 of 6 combinations ticked')).toBeVisible();
  await expect(page.getByTestId('variant-card')).toHaveCount(6);

  // Unticking a combination drops its variant; ticking it again brings it back.
  await page.getByRole('checkbox', { name: 'L · Blue' }).uncheck();
  await expect(page.getByTestId('variant-card')).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'L · Blue' }).check();
  await expect(page.getByTestId('variant-card')).toHaveCount(6);

  // A value renamed from its chip's menu keeps its place.
  await size.getByRole('button', { name: 'L: rename, move or remove' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await size.getByRole('textbox', { name: 'New name for L' }).fill('XL');
  await size.getByRole('textbox', { name: 'New name for L' }).press('Enter');
  await expect(page.getByRole('region', { name: 'T-shirt (XL, Blue)' })).toBeVisible();

  // Saving without prices says so at each price.
  await page.getByRole('button', { name: 'Create item with 6 variants' }).click();
  await expect(page.getByText('Some fields need a look: see the messages below.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'T-shirt (S, Red)' }).getByText('Price is required')).toBeVisible();

  // Bulk edit: every variant at $10.00, cost $4.00.
  await page.getByRole('checkbox', { name: 'Select all variants' }).check();
  const bulk = page.getByRole('region', { name: 'Edit selected variants' });
  await bulk.getByRole('textbox', { name: 'Price' }).fill('10.00');
  await bulk.getByRole('textbox', { name: 'Cost' }).fill('4.00');
  await bulk.getByRole('button', { name: 'Set on 6 variants' }).click();
  await expect(
    page.getByRole('region', { name: 'T-shirt (M, Blue)' }).getByRole('textbox', { name: 'Price' }),
  ).toHaveValue('10.00');

  // Barcodes: S·Red scanned by the wedge into its field, M·Red generated, the rest made on save.
  const sRed = page.getByRole('region', { name: 'T-shirt (S, Red)' });
  await sRed.getByRole('textbox', { name: 'Barcode' }).click();
  await wedgeScan(page, scanned);
  await expect(sRed.getByRole('textbox', { name: 'Barcode' })).toHaveValue(scanned);
  await sRed.getByRole('textbox', { name: 'Opening stock' }).fill('5');
  const mRed = page.getByRole('region', { name: 'T-shirt (M, Red)' });
  await mRed.getByRole('button', { name: 'Generate a barcode for T-shirt (M, Red)' }).click();
  await expect(mRed.getByRole('textbox', { name: 'Barcode' })).toHaveValue(/^\d{13}$/);
  const generated = await mRed.getByRole('textbox', { name: 'Barcode' }).inputValue();
  await shot(page, 'item-editor-en-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('table', { name: 'Variants' })).toBeVisible();
  await editorShots(page, 'item-editor-en-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Create item with 6 variants' }).click();
  await expect(page.getByText('T-shirt created with 6 variants.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${store}/stock/items/[^/]+$`));
  const id = decodeURIComponent(page.url().split('/').pop()!);
  const created = await itemOf(page, store, id);
  expect(created.options).toEqual([
    { name: 'Size', values: ['S', 'M', 'XL'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ]);
  expect(created.variants.map((v) => v.name)).toEqual([
    'T-shirt (S, Red)',
    'T-shirt (S, Blue)',
    'T-shirt (M, Red)',
    'T-shirt (M, Blue)',
    'T-shirt (XL, Red)',
    'T-shirt (XL, Blue)',
  ]);
  expect(created.variants.map((v) => [v.price, v.cost])).toEqual(Array(6).fill([1000, 400]));
  expect(created.variants[0]!.code).toBe(scanned);
  expect(created.variants[0]!.quantity).toBe(5);
  expect(created.variants[2]!.code).toBe(generated);
  expect(new Set(created.variants.map((v) => v.code)).size).toBe(6);

  // (b) Folded in the list: one row with its variants summed; unfolded, each variant and its stock.
  await page.goto(`/${store}/stock/list`);
  const row = page.getByTestId('item-row').filter({ hasText: 'T-shirt' });
  await expect(row.getByTestId('item-summary')).toHaveText('6 variants · 5 in stock · $10.00');
  await row.getByRole('button', { name: 'Show the variants of T-shirt' }).click();
  const variants = page.getByRole('list', { name: 'Variants of T-shirt' });
  await expect(variants.getByRole('listitem')).toHaveCount(6);
  await expect(variants.getByRole('listitem').first()).toContainText('S · Red');
  await expect(variants.getByRole('listitem').first()).toContainText(scanned);
  await shot(page, 'item-list-en-phone');
  // "All variants" is the product list as before: one row per variant.
  await page.getByText('All variants').click();
  await expect(page.getByText('6 products', { exact: true })).toBeVisible();
  await page.getByText('By item').click();
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();

  // (c) Labels for all six at once: as many as each has in stock (at least one), previewed, printed.
  // (The item stays unfolded across the switch of view.)
  await expect(variants).toBeVisible();
  await page.getByRole('button', { name: 'Print labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels' });
  const labels = dialog.getByRole('list', { name: 'Labels to print' });
  await expect(labels.getByRole('listitem')).toHaveCount(6);
  await expect(dialog.getByRole('textbox', { name: 'Labels of T-shirt (S, Red)' })).toHaveValue('5');
  await expect(dialog.getByTestId('label-total')).toHaveText('10 labels in all');
  await dialog.getByRole('button', { name: 'One label more of T-shirt (M, Red)' }).click();
  await expect(dialog.getByTestId('label-total')).toHaveText('11 labels in all');
  await shot(page, 'labels-batch-en-phone');
  // The preview is the printed bitmap: M·Red's label carries its barcode.
  await dialog.getByRole('button', { name: 'Preview the label of T-shirt (M, Red)' }).click();
  const preview = dialog.getByTestId('label-preview');
  await expect(preview).toHaveAttribute('aria-label', 'Label preview of T-shirt (M, Red)');
  expect(await decoded(preview)).toBe(generated);
  await dialog.getByRole('button', { name: 'Browser print' }).click();
  await expect.poll(async () => (await printed(page)).length).toBe(1);
  const [html] = await printed(page);
  // One image per label: 5 + 2 + 1 × 4.
  expect(html!.match(/<img src="data:image\/png;base64,/g)).toHaveLength(11);
  await page.keyboard.press('Escape');

  // (d) Bulk price on the saved item, and XL·Blue retired.
  await page.goto(`/${store}/stock/items/${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { name: 'Edit item' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select T-shirt (S, Red)' }).check();
  await page.getByRole('checkbox', { name: 'Select T-shirt (S, Blue)' }).check();
  await bulk.getByRole('textbox', { name: 'Price' }).fill('12.50');
  await bulk.getByRole('button', { name: 'Set on 2 variants' }).click();
  await page.getByRole('button', { name: 'Retire T-shirt (XL, Blue)' }).click();
  await expect(page.getByRole('region', { name: 'T-shirt (XL, Blue)' }).getByText('Retired')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('T-shirt saved.')).toBeVisible();
  const saved = await itemOf(page, store, id);
  expect(saved.variants.map((v) => v.price)).toEqual([1250, 1250, 1000, 1000, 1000, 1000]);
  expect(saved.variants.map((v) => v.retired)).toEqual([false, false, false, false, false, true]);
  expect(saved.variants[0]!.quantity).toBe(5);

  await page.goto(`/${store}/stock/list`);
  await expect(row.getByTestId('item-summary')).toHaveText('5 variants · 5 in stock · $10.00–$12.50');
  await row.getByRole('button', { name: 'Show the variants of T-shirt' }).click();
  await expect(variants.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('1 retired variant not shown')).toBeVisible();

  // (e) Labels from a stock-take's counts and from a cargo's arrived lines: the same sheet.
  await page.goto(`/${store}/stock/scan?i=true`);
  await expect(page.getByRole('heading', { name: 'Stock take' })).toBeVisible();
  await wedgeScan(page, scanned);
  await wedgeScan(page, scanned);
  await wedgeScan(page, generated);
  await expect(page.getByRole('textbox', { name: 'Counted quantity of T-shirt (S, Red)' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Print labels for the count' }).click();
  const counted = page.getByRole('dialog', { name: 'Print labels' });
  await expect(counted.getByRole('textbox', { name: 'Labels of T-shirt (S, Red)' })).toHaveValue('2');
  await expect(counted.getByRole('textbox', { name: 'Labels of T-shirt (M, Red)' })).toHaveValue('1');
  await expect(counted.getByTestId('label-total')).toHaveText('3 labels in all');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear', exact: true }).click();

  const headers = await apiHeaders(page, store);
  const made = await page.request.post('/api/secure/cargo/new', {
    headers,
    data: {
      name: 'T-shirts',
      contents: [
        { code: scanned, name: 'T-shirt (S, Red)', quantity: 3, price: 1250 },
        { code: generated, name: 'T-shirt (M, Red)', quantity: 2, price: 1000 },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const cargo = (await made.json()) as { code: string };
  const arrived = await page.request.post('/api/secure/cargo/arrived', { headers, data: { code: cargo.code } });
  expect(arrived.ok(), await arrived.text()).toBe(true);
  await page.goto(`/${store}/cargo/manage/${cargo.code}`);
  await page.getByRole('button', { name: 'Print labels' }).click();
  await page.getByRole('button', { name: 'Print all labels' }).click();
  const fromCargo = page.getByRole('dialog', { name: 'Print labels' });
  await expect(fromCargo.getByRole('textbox', { name: 'Labels of T-shirt (S, Red)' })).toHaveValue('3');
  await expect(fromCargo.getByRole('textbox', { name: 'Labels of T-shirt (M, Red)' })).toHaveValue('2');
  await expect(fromCargo.getByTestId('label-total')).toHaveText('5 labels in all');
  await page.keyboard.press('Escape');

  // (f) The item's grid: stock now and sales of the period by size × colour, with totals.
  const sale = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: scanned, quantity: 2 }],
      payments: [{ method: 'CASH', currency: 'USD', amount: 2500 }],
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  await page.goto(`/${store}/stock/items/${encodeURIComponent(id)}`);
  const grid = page.getByRole('table', { name: 'Stock and sales by option' });
  await expect(grid.getByLabel('S · Red: 6 in stock, 2 sold')).toBeVisible();
  await expect(grid.getByLabel('M · Red: 2 in stock, 0 sold')).toBeVisible();
  await expect(grid.getByLabel('Total · Red: 8 in stock, 2 sold')).toBeVisible();
  await expect(page.getByTestId('grid-revenue')).toContainText('2 sold for $25.00');
  await shot(page, 'item-grid-en-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'item-grid-en-desktop', grid);
  // The report rolls the variants up: the T-shirt is one row of the top items, beside its variant's row.
  await page.goto(`/${store}/shop/statistic`);
  const topItems = page.locator('section', { has: page.getByRole('heading', { name: /^Top items/ }) });
  await expect(topItems.getByRole('row', { name: /^T-shirt\b/ })).toContainText('$25.00');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${store}/stock/list`);

  // (g) The same screens on a desktop, then in Japanese.
  await row.getByRole('button', { name: 'Show the variants of T-shirt' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('list', { name: 'Variants of T-shirt' })).toBeVisible();
  await shot(page, 'item-list-en-desktop');
  await useLanguage(page, 'ja-JP');
  await expect(page.getByText('バリエーション5件').first()).toBeVisible();
  await page.getByRole('button', { name: 'T-shirt のバリエーションを表示' }).click();
  await expect(page.getByRole('list', { name: 'T-shirt のバリエーション' }).getByRole('listitem')).toHaveCount(5);
  await shot(page, 'item-list-ja-desktop');
  await page.goto(`/${store}/stock/items/${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { name: '商品を編集' })).toBeVisible();
  await editorShots(page, 'item-editor-ja-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('variant-card')).toHaveCount(6);
  await shot(page, 'item-editor-ja-phone');
  await page.goto(`/${store}/stock/list`);
  await page.getByRole('button', { name: 'T-shirt のバリエーションを表示' }).click();
  await expect(page.getByRole('list', { name: 'T-shirt のバリエーション' })).toBeVisible();
  await shot(page, 'item-list-ja-phone');
});

test('items: a product of its own is given options and becomes the first variant, keeping its barcode and stock', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'itemadd');
  const store = owner.urlName;
  const code = randomInStoreEan13();
  const headers = await apiHeaders(page, store);
  const made = await page.request.post('/api/secure/product', {
    headers,
    data: { code, name: 'Socks', price: 500, quantity: 4 },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto(`/${store}/stock/scan/${code}`);
  await page.getByRole('link', { name: 'Add variants' }).click();
  await expect(page.getByRole('heading', { name: 'Add variants' })).toBeVisible();
  await expect(page.getByTestId('variant-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add an option (Size, Colour…)' }).click();
  const size = page.getByRole('region', { name: 'Option 1' });
  await size.getByRole('textbox', { name: 'Option 1' }).fill('Size');
  await size.getByRole('textbox', { name: 'Add values' }).fill('S, M');
  await size.getByRole('textbox', { name: 'Add values' }).press('Enter');
  // The product takes the first value; the owner may pick the other.
  const own = page.getByRole('region', { name: 'Socks (S)' });
  await expect(own.getByRole('textbox', { name: 'Barcode' })).toHaveValue(code);
  await own.getByRole('combobox', { name: 'Size of Socks' }).selectOption('M');
  const added = page.getByRole('region', { name: 'Socks (S)' });
  await expect(added.getByText('New')).toBeVisible();
  await added.getByRole('textbox', { name: 'Price' }).fill('5.00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Socks saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit item' })).toBeVisible();

  const product = (await (await page.request.get(`/api/secure/product/code/${code}`, { headers })).json()) as {
    itemId: string;
  };
  const item = await itemOf(page, store, product.itemId);
  expect(item.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
  expect(item.variants.map((v) => [v.name, v.code === code, v.quantity])).toEqual([
    ['Socks (S)', false, 0],
    ['Socks (M)', true, 4],
  ]);
});
