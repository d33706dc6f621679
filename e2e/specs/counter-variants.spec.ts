import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed, wedgeScan } from '../support/pages.ts';
import { readyCounterForOffline } from '../support/offline-counter.ts';

/**
 * Variants everywhere a product is (issue 44): a T-shirt in 3 sizes × 2 colours, made through the
 * item API; on a phone two are sold by scanning their barcodes and one through the variant picker's
 * chips; the sale moves each variant's own stock; a stock-take counts them one by one; a cargo
 * receives more of one by its barcode. COUNTER_SHOTS=dir takes the picker at 390×844 (chips) and
 * 1280×800 (grid) in English and Japanese.
 */
const shots = process.env.COUNTER_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Red', 'Blue'];

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

/** The T-shirt through POST /api/secure/item: $15 in S and M, $18 in L, 5 of each; its variants' codes. */
async function createTshirt(page: Page, store: string) {
  const codes = new Map<string, string>();
  const variants = SIZES.flatMap((size) =>
    COLOURS.map((colour) => {
      const code = randomInStoreEan13();
      codes.set(`${size} ${colour}`, code);
      return { optionValues: [size, colour], code, price: size === 'L' ? 1800 : 1500, cost: 600, quantity: 5 };
    }),
  );
  const res = await page.request.post('/api/secure/item', {
    headers: await apiHeaders(page, store),
    data: {
      name: 'T-shirt',
      brand: 'Uniform',
      category: 'Clothes',
      options: [
        { name: 'Size', values: SIZES },
        { name: 'Colour', values: COLOURS },
      ],
      variants,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (variant: string) => codes.get(variant)!;
}

async function stockOf(page: Page, store: string, code: string): Promise<number> {
  const res = await page.request.get(`/api/secure/product/code/${code}`, { headers: await apiHeaders(page, store) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { quantity: number }).quantity;
}

/** Types the item's name into the counter's search: its six variants show as one result. */
async function findItem(page: Page, search: string, name: RegExp): Promise<Locator> {
  await page.getByRole('combobox', { name: search }).fill('T-shirt');
  const result = page.getByRole('option', { name });
  await expect(result).toHaveCount(1);
  return result;
}

test('counter variants: sold by scan and by the picker, stock per variant, counted in a stock-take, received by cargo', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const owner = await signUpConfirmed(page, 'variants');
  const store = owner.urlName;
  const code = await createTshirt(page, store);

  // --- On a phone: two by scanning (each barcode is its variant), one through the picker.
  await page.setViewportSize(phone);
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  await wedgeScan(page, code('M Red'));
  await wedgeScan(page, code('L Blue'));
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'T-shirt (M, Red)' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'T-shirt (L, Blue)' })).toHaveCount(1);

  const result = await findItem(page, 'Search products', /^T-shirt/);
  // Once, not six times: the count of variants, their stock together and the price range.
  await expect(result).toContainText('6 variants');
  await expect(result).toContainText('$15.00–$18.00');
  await result.click();
  const picker = page.getByRole('dialog').filter({ hasText: 'T-shirt' });
  await expect(picker).toBeVisible();
  await expect(picker.getByText('6 variants · $15.00–$18.00')).toBeVisible();
  const add = picker.getByRole('button', { name: 'Add to sale' });
  await expect(add).toBeDisabled();
  await expect(picker.getByText('Choose Size')).toBeVisible();
  await picker.getByRole('group', { name: 'Size' }).getByRole('button', { name: 'S', exact: true }).click();
  // With the size chosen, each colour shows that variant's stock.
  const blue = picker.getByRole('group', { name: 'Colour' }).getByRole('button', { name: /^Blue/ });
  await expect(blue).toContainText('5');
  await blue.click();
  await expect(picker.getByTestId('variant-stock')).toHaveText('5 in stock');
  await expect(picker.getByText(code('S Blue'))).toBeVisible();
  await shot(page, 'variant-picker-chips-phone-en');
  await add.click();
  await expect(picker).toHaveCount(0);
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: 'T-shirt (S, Blue)' })).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText('$48.00');

  // Paid in cash, exactly.
  await page.getByTestId('pay-phone').click();
  const pay = page.getByRole('dialog', { name: 'Payment' });
  await pay.getByRole('button', { name: /^Exact/ }).click();
  await pay.getByRole('button', { name: /^Take/ }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();

  // Each variant sold lost one; the others kept theirs (the sale reaches the server through the queue).
  await expect.poll(() => stockOf(page, store, code('M Red')), { timeout: 30_000 }).toBe(4);
  expect(await stockOf(page, store, code('L Blue'))).toBe(4);
  expect(await stockOf(page, store, code('S Blue'))).toBe(4);
  expect(await stockOf(page, store, code('S Red'))).toBe(5);
  expect(await stockOf(page, store, code('L Red'))).toBe(5);

  // --- On a desktop: the grid of stock by size × colour; a tap on a cell adds that variant.
  await page.setViewportSize(desktop);
  await page.reload();
  await expect(page.getByText('Scan an item to start a sale')).toBeVisible();
  await (await findItem(page, 'Search products', /^T-shirt/)).click();
  const grid = page.getByRole('table', { name: 'Stock by variant' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('button', { name: 'T-shirt (M, Red): 4 in stock' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'T-shirt (S, Red): 5 in stock' })).toBeVisible();
  await shot(page, 'variant-picker-grid-desktop-en');
  await grid.getByRole('button', { name: 'T-shirt (M, Blue): 5 in stock' }).click();
  await expect(grid).toHaveCount(0);
  await expect(lines.filter({ hasText: 'T-shirt (M, Blue)' })).toHaveCount(1);

  // --- The same in Japanese.
  await useLanguage(page, 'ja-JP');
  await (await findItem(page, '商品を検索', /^T-shirt/)).click();
  const gridJa = page.getByRole('table', { name: 'バリエーション別の在庫' });
  await expect(gridJa).toBeVisible();
  await expect(page.getByText('6種類 · $15.00–$18.00')).toBeVisible();
  await shot(page, 'variant-picker-grid-desktop-ja');
  await page.keyboard.press('Escape');
  await expect(gridJa).toHaveCount(0);
  await page.setViewportSize(phone);
  await (await findItem(page, '商品を検索', /^T-shirt/)).click();
  const pickerJa = page.getByRole('dialog').filter({ hasText: 'T-shirt' });
  await expect(pickerJa.getByText('Sizeを選んでください')).toBeVisible();
  await pickerJa.getByRole('group', { name: 'Size' }).getByRole('button', { name: 'L', exact: true }).click();
  await pickerJa.getByRole('group', { name: 'Colour' }).getByRole('button', { name: /^Red/ }).click();
  await expect(pickerJa.getByTestId('variant-stock')).toHaveText('在庫 5');
  await shot(page, 'variant-picker-chips-phone-ja');
  await pickerJa.getByRole('button', { name: '閉じる' }).click();
  await expect(pickerJa).toHaveCount(0);
  await useLanguage(page, 'en-US');

  // --- A stock-take counts each variant by its own barcode.
  await page.goto(`/${store}/stock/scan?i=true`);
  const count = async (barcode: string) => {
    await page.getByRole('textbox', { name: 'Barcode' }).fill(barcode);
    await page.getByRole('button', { name: 'Count', exact: true }).click();
  };
  for (let i = 0; i < 3; i++) await count(code('M Red'));
  await count(code('L Blue'));
  await count(code('L Blue'));
  await expect(page.getByText('2 products, 5 items')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Counted quantity of T-shirt (M, Red)' })).toHaveValue('3');
  await expect(page.getByRole('textbox', { name: 'Counted quantity of T-shirt (L, Blue)' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Review count' }).click();
  const review = page.getByTestId('review-line');
  await expect(review.filter({ hasText: 'T-shirt (M, Red)' })).toContainText('Difference-1');
  await expect(review.filter({ hasText: 'T-shirt (L, Blue)' })).toContainText('Difference-2');
  // The products not counted, narrowed to the item: its four other variants, each by name.
  await page.getByRole('searchbox', { name: 'Item' }).fill('T-shirt');
  await expect(page.getByTestId('not-counted-count')).toHaveText(
    '4 of 6 products matching “T-shirt” were not counted.',
  );
  await page.getByRole('button', { name: 'Show them' }).click();
  const notCounted = page.getByRole('list', { name: 'Products not counted' });
  await expect(notCounted.getByRole('listitem')).toHaveCount(4);
  for (const name of ['T-shirt (S, Red)', 'T-shirt (S, Blue)', 'T-shirt (M, Blue)', 'T-shirt (L, Red)'])
    await expect(notCounted.getByRole('button', { name: `Count as 0: ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Save 2 counts' }).click();
  await expect(page.getByText('T-shirt (M, Red): stock 4 → 3')).toBeVisible();
  expect(await stockOf(page, store, code('M Red'))).toBe(3);
  expect(await stockOf(page, store, code('L Blue'))).toBe(2);
  expect(await stockOf(page, store, code('S Red'))).toBe(5);

  // --- A cargo receives more of one variant, scanned by its barcode.
  await page.goto(`/${store}/cargo/manage/new`);
  await page.getByLabel('Cargo name').fill('T-shirt restock');
  await page.getByRole('button', { name: 'Create and add contents' }).click();
  await expect(page).toHaveURL(/\/cargo\/manage\/new\/[0-9A-Z]{8}\?edit=true$/);
  const cargoCode = /new\/([0-9A-Z]{8})/.exec(page.url())![1]!;
  await expect(page.getByText('Scan a barcode, or type it, to add the first item.')).toBeVisible();
  for (let i = 0; i < 3; i++) await wedgeScan(page, code('S Red'));
  await expect(page.getByRole('textbox', { name: 'Quantity of T-shirt (S, Red)' })).toHaveValue('3');
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/cargo/manage/${cargoCode}$`));
  await page.getByRole('button', { name: 'Mark arrived' }).click();
  const arrive = page.getByRole('dialog', { name: 'Mark this cargo arrived?' });
  await arrive.getByRole('button', { name: 'Mark arrived' }).click();
  await expect(page.getByText('Arrived', { exact: true }).first()).toBeVisible();
  expect(await stockOf(page, store, code('S Red'))).toBe(8);
  // The other variants of the item are untouched by the cargo.
  expect(await stockOf(page, store, code('S Blue'))).toBe(4);
});

/** Products in this device's copy of the catalogue (the counter's IndexedDB), all stores together. */
const productsInCopy = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).flatMap((d) =>
      d.name?.startsWith('shopdesk-counter-catalog:') ? [d.name] : [],
    );
    let count = 0;
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (db.objectStoreNames.contains('products'))
        count += await new Promise<number>((resolve) => {
          const request = db.transaction('products').objectStore('products').count();
          request.onsuccess = () => resolve(request.result);
        });
      db.close();
    }
    return count;
  });

test('counter variants offline: the item folds and the picker sells a variant from the device copy', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const owner = await signUpConfirmed(page, 'variantsoff');
    const store = owner.urlName;
    const code = await createTshirt(page, store);
    await readyCounterForOffline(page, store, code('M Red'));
    // The copy catches up with the whole catalogue in the background (the six variants).
    await expect.poll(() => productsInCopy(page), { timeout: 60_000 }).toBe(6);

    await context.setOffline(true);
    const result = await findItem(page, 'Search products', /^T-shirt/);
    await expect(page.getByText('Offline: results from this device’s copy')).toBeVisible();
    await expect(result).toContainText('6 variants');
    await result.click();
    const picker = page.getByRole('dialog').filter({ hasText: 'T-shirt' });
    // Without the item's own names, its options are numbered, their values from the variants.
    const sizes = picker.getByRole('group', { name: 'Option 1' });
    await expect(sizes.getByRole('button')).toHaveText(['S', 'M', 'L']);
    await sizes.getByRole('button', { name: 'M', exact: true }).click();
    await picker.getByRole('group', { name: 'Option 2' }).getByRole('button', { name: /^Blue/ }).click();
    await expect(picker.getByTestId('variant-stock')).toHaveText('5 in stock');
    await picker.getByRole('button', { name: 'Add to sale' }).click();
    await expect(page.getByTestId('cart-line').filter({ hasText: 'T-shirt (M, Blue)' })).toHaveCount(1);
  } finally {
    await context.close();
  }
});
