import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, importCounts, signUpConfirmed } from '../support/pages.ts';

/** Calls the API as the signed-in owner, on their store. */
async function api(page: Page, store: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const headers = await apiHeaders(page, store);
  const res = await page.request.fetch(path, { method, headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** axe finds no serious or critical problem on the screen as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const createProduct = (page: Page, store: string, code: string, name: string, quantity: number, category = '') =>
  api(page, store, 'POST', '/api/secure/product', { code, name, price: 250, quantity, category });

test('a stock-take review shows the differences before saving and holds back a count whose stock moved', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'review');
  const store = owner.urlName;
  const [tea, rice, soap] = [randomInStoreEan13(), randomInStoreEan13(), randomInStoreEan13()];
  await createProduct(page, store, tea, 'Green tea', 17, 'Drinks');
  await createProduct(page, store, rice, 'Rice crackers', 4, 'Snacks');
  await createProduct(page, store, soap, 'Lavender soap', 5, 'Household');

  await page.goto(`/${store}/stock/scan?i=true`);
  // Typed into the barcode field, as a person without a scanner counts (each Count adds one).
  const count = async (code: string) => {
    await page.getByRole('textbox', { name: 'Barcode' }).fill(code);
    await page.getByRole('button', { name: 'Count', exact: true }).click();
  };
  for (let i = 0; i < 3; i++) await count(tea);
  for (let i = 0; i < 4; i++) await count(rice);
  await expect(page.getByText('2 products, 7 items')).toBeVisible();
  await page.getByRole('button', { name: 'Review count' }).click();

  // Each product: counted, on record, difference; the difference first.
  const lines = page.getByTestId('review-line');
  await expect(lines.first()).toContainText('Green tea');
  await expect(lines.first()).toContainText('Counted3');
  await expect(lines.first()).toContainText('On record17');
  await expect(lines.first()).toContainText('Difference-14');
  await expect(lines.nth(1)).toContainText('Rice crackers');
  await expect(lines.nth(1)).toContainText('DifferenceSame');
  await expect(page.getByText('1 differs', { exact: true })).toBeVisible();
  await expect(page.getByTestId('not-counted-count')).toHaveText('1 of 3 products in the store was not counted.');
  await expect(page.getByText('Saving leaves their stock as it is on record.', { exact: false })).toBeVisible();
  // Listed on request, each with an explicit way to count it as 0.
  await page.getByRole('button', { name: 'Show them' }).click();
  const notCounted = page.getByRole('list', { name: 'Products not counted' });
  await expect(notCounted.getByRole('listitem')).toHaveCount(1);
  await expect(notCounted.getByRole('button', { name: 'Count as 0: Lavender soap' })).toBeVisible();
  await expectAccessible(page);

  // A sale of rice crackers lands after the review: that count is held back, not overwritten.
  await api(page, store, 'POST', `/api/secure/product/code/${rice}/adjust`, { delta: -1 });
  await page.getByRole('button', { name: 'Save 2 counts' }).click();
  await expect(page.getByText('Green tea: stock 17 → 3')).toBeVisible();
  await expect(page.getByText(/Rice crackers: on record went from 4 to 3/)).toBeVisible();
  expect((await api(page, store, 'GET', `/api/secure/product/code/${tea}`)).quantity).toBe(3);
  expect((await api(page, store, 'GET', `/api/secure/product/code/${rice}`)).quantity).toBe(3);
  // The product nobody scanned keeps its stock.
  expect((await api(page, store, 'GET', `/api/secure/product/code/${soap}`)).quantity).toBe(5);
  // The held-back count stays, ready for a second review.
  await expect(page.getByRole('textbox', { name: 'Counted quantity of Rice crackers' })).toHaveValue('4');
});

test('a CSV import crossing the free limit says so before, shows one summary line, and its counts add up', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'limit');
  const store = owner.urlName;
  await createProduct(page, store, 'KNOWN-1', 'Old name', 2);
  const rows = ['code,name,price'];
  rows.push('KNOWN-1,New name,3.00');
  for (let i = 0; i < 150; i++) rows.push(`NEW-${i},Product ${i},1.00`);
  rows.push('NEW-BAD,Bad price,abc');
  await page.goto(`/${store}/stock/list`);
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Import CSV' }).click();
  // The template downloads with the columns the import reads best.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const template = readFileSync(await (await download).path(), 'utf8');
  expect(template.split(/\r?\n/)[0]).toBe(
    '\uFEFFcode,name,brand,category,price,cost,quantity,description,taxRate,unit,handle,option1Name,option1Value,option2Name,option2Value,option3Name,option3Value',
  );
  await page
    .getByLabel('Choose CSV file')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });

  // Before: what fits the plan (1 product used of 100: room for 99).
  const plan = page.getByTestId('import-plan');
  await expect(plan).toContainText('152 rows read from big.csv.');
  await expect(plan).toContainText('151 new products in the file.');
  await expect(plan).toContainText('1 row updates a product you already have');
  await expect(plan).toContainText('Room for 99 more products (the free plan holds 100).');
  await expect(plan).toContainText('52 new products (52 rows) will not fit');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Import 152 rows' }).click();

  // After: every row in one count, the limit in one line, only the bad row listed.
  expect(await importCounts(page)).toEqual({
    created: 99,
    updated: 1,
    unchanged: 0,
    limited: 51,
    rejected: 1,
    read: 152,
  });
  await expect(
    page.getByText(
      "51 rows were not imported because they would add products past the free plan's 100 products (from line 102).",
    ),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Rows with errors' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Line 153, price:')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByText('Must be an amount in digits with a decimal point, such as 12.50')).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade to premium' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${store}/profile/subscription/pricing$`));
  expect((await api(page, store, 'GET', '/api/secure/product/code/KNOWN-1')).name).toBe('New name');
});

test('the stock history lists adjustments and counts in order, paged, on the card and the edit screen', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'history');
  const store = owner.urlName;
  const code = randomInStoreEan13();
  await createProduct(page, store, code, 'Oolong tea', 5);
  const adjust = (body: object) => api(page, store, 'POST', `/api/secure/product/code/${code}/adjust`, body);
  await adjust({ delta: 3, note: 'Found a box in the back' });
  await adjust({ countedQuantity: 2 });

  await page.goto(`/${store}/stock/scan/${code}`);
  await page.getByRole('button', { name: 'Stock history' }).click();
  const rows = page.getByRole('list', { name: 'Stock movements, newest first' }).getByTestId('stock-movement');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Stock-take count');
  await expect(rows.nth(0)).toContainText('-6');
  await expect(rows.nth(0)).toContainText(`by ${owner.name}`);
  await expect(rows.nth(1)).toContainText('Adjustment');
  await expect(rows.nth(1)).toContainText('+3');
  await expect(rows.nth(1)).toContainText('Found a box in the back');
  await expect(rows.nth(2)).toContainText('Opening stock');
  await expect(rows.nth(2)).toContainText('+5');
  await expectAccessible(page);

  // A change made on the card appears at the top at once.
  await page.getByRole('button', { name: 'Add one to stock' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('+1');

  // Paged: ten a page, older ones behind "Older".
  for (let i = 0; i < 8; i++) await adjust({ delta: -1, note: `Sold by hand ${i}` });
  await page.goto(`/${store}/stock/edit/${code}`);
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(0)).toContainText('Sold by hand 7');
  await expect(page.getByText('1 / 2')).toBeVisible();
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Opening stock');
});
