import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { confirmLink, waitForMail } from '../support/mailbox.ts';
import { apiHeaders, newAccount, wedgeScan } from '../support/pages.ts';

/**
 * A scan never corrupts a form. A keyboard-wedge burst (13 digits at 5 ms a key, then Enter) is
 * sent with each field of each screen focused in turn; the screen must do what a scan means there,
 * and the API must show that no product was created or renamed by it.
 */

interface ApiProduct {
  code: string;
  name: string;
  price: number;
  reorderLevel: number | null;
}

/**
 * Signs an owner up through the API and opens the mailed confirmation link: logged in, at home.
 * (The sign-up screen has its own spec; here only what happens after matters.)
 */
async function signUpConfirmed(page: Page, tag: string) {
  const owner = newAccount(tag);
  const since = Date.now();
  const res = await page.request.post('/api/auth/signUp', {
    data: { ...owner, mainCurrency: 'USD', secondCurrency: null },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await page.goto(confirmLink(await waitForMail(owner.email, since)));
  await expect(page).toHaveURL(new RegExp(`/${owner.urlName}$`));
  return owner;
}

/** A keyboard-wedge scanner: the code at 5 ms a key, then Enter, into whatever has focus. */
const burst = wedgeScan;

async function api(page: Page, store: string) {
  const headers = await apiHeaders(page, store);
  return {
    create: async (body: Record<string, unknown>, inStore = store) => {
      const res = await page.request.post('/api/secure/product', {
        headers: { ...headers, 'X-Store': inStore },
        data: body,
      });
      expect(res.status(), await res.text()).toBe(201);
    },
    /** Every product of the store, by code: what a scan must not have changed. */
    all: async (): Promise<ApiProduct[]> => {
      const res = await page.request.get('/api/secure/product/search/window/0/100?sort=code', { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { items: ApiProduct[] }).items.map(({ code, name, price, reorderLevel }) => ({
        code,
        name,
        price,
        reorderLevel,
      }));
    },
    newStore: async (urlName: string) => {
      const res = await page.request.post('/api/secure/virtual-store', {
        headers,
        data: { name: 'Branch', urlName, mainCurrency: 'USD' },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
  };
}

/** The text of every field of a form, to show a scan left each one as it was. */
async function fieldValues(fields: Locator[]): Promise<string[]> {
  return Promise.all(fields.map((f) => f.inputValue()));
}

test('a scanner burst never submits or corrupts a form, on every screen and field', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const owner = await signUpConfirmed(page, 'scan');
  const store = owner.urlName;
  const products = await api(page, store);
  const known = randomInStoreEan13();
  await products.create({ code: known, name: 'Barley tea', price: 250, reorderLevel: 2, quantity: 5 });
  // A code another store of the owner has: New product prefills from it.
  const branch = `${store}-b`;
  await products.newStore(branch);
  const elsewhere = randomInStoreEan13();
  await products.create({ code: elsewhere, name: 'Branch coffee', brand: 'Roastery', price: 480 }, branch);
  const before = await products.all();

  // --- New product: every field focused in turn; the code goes to Barcode, focus to the name.
  await page.goto(`/${store}/stock/new`);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  const barcode = label('Barcode');
  const name = label('Product name');
  await name.fill('Handmade soap');
  await label('Price').fill('2.50');
  const newFields = [
    barcode,
    name,
    label('Brand'),
    page.getByRole('combobox', { name: 'Category' }),
    label('Price'),
    label('Cost'),
    label('Opening quantity'),
    label('Reorder level'),
    label('Description'),
  ];
  const targets = [
    ...newFields,
    page.getByRole('button', { name: 'Random barcode' }),
    page.getByRole('button', { name: 'Create product' }),
  ];
  for (const target of targets) {
    const others = newFields.filter((f) => f !== barcode);
    const was = await fieldValues(others);
    const code = randomInStoreEan13();
    await target.focus();
    await burst(page, code);
    await expect(barcode, `scan with ${await target.evaluate((e) => e.outerHTML.slice(0, 80))}`).toHaveValue(code);
    await expect(name).toBeFocused();
    expect(await fieldValues(others)).toEqual(was);
    await expect(page).toHaveURL(new RegExp(`/${store}/stock/new$`));
  }
  await expect(page.getByText('Name is required')).toHaveCount(0);
  expect(await products.all()).toEqual(before);

  // A code this store has: offered to open, never created twice.
  await label('Description').focus();
  await burst(page, known);
  const knownDialog = page.getByRole('dialog', { name: 'Already in this store' });
  await expect(knownDialog).toBeVisible();
  await expect(knownDialog).toContainText('Barley tea');
  await knownDialog.getByRole('button', { name: 'Open product' }).click();
  await expect(page).toHaveURL(new RegExp(`/stock/scan/${known}$`));
  await expect(page.getByRole('heading', { name: 'Barley tea' })).toBeVisible();

  // A code another store has: the empty fields are filled in from it.
  await page.goto(`/${store}/stock/new`);
  await label('Cost').focus();
  await burst(page, elsewhere);
  await expect(barcode).toHaveValue(elsewhere);
  await expect(name).toHaveValue('Branch coffee');
  await expect(label('Brand')).toHaveValue('Roastery');
  await expect(label('Cost')).toHaveValue('');
  expect(await products.all()).toEqual(before);

  // --- Edit product: a different scanned code replaces the barcode only when confirmed.
  await page.goto(`/${store}/stock/edit/${known}`);
  const editFields = [
    barcode,
    name,
    label('Brand'),
    page.getByRole('combobox', { name: 'Category' }),
    label('Price'),
    label('Cost'),
    label('Reorder level'),
    label('Description'),
  ];
  await expect(name).toHaveValue('Barley tea');
  const editTargets = [...editFields, page.getByRole('button', { name: 'Save' })];
  for (const target of editTargets) {
    const was = await fieldValues(editFields);
    const code = randomInStoreEan13();
    await target.focus();
    await burst(page, code);
    const ask = page.getByRole('dialog', { name: 'Replace the barcode?' });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(code);
    await ask.getByRole('button', { name: 'Keep the current one' }).click();
    await expect(ask).toBeHidden();
    expect(await fieldValues(editFields)).toEqual(was);
    await expect(page).toHaveURL(new RegExp(`/stock/edit/${known}$`));
  }
  expect(await products.all()).toEqual(before);
  // Confirmed, the scanned code goes into Barcode; nothing is saved until Save.
  const replacement = randomInStoreEan13();
  await name.focus();
  await burst(page, replacement);
  await page.getByRole('button', { name: 'Use the scanned barcode' }).click();
  await expect(barcode).toHaveValue(replacement);
  await expect(name).toHaveValue('Barley tea');
  expect(await products.all()).toEqual(before);

  // --- Product list: a known code opens the product, an unknown one is searched for.
  const listTargets = (p: Page) => [
    p.getByRole('searchbox', { name: 'Search products' }),
    p
      .getByRole('textbox', { name: 'Sort by' })
      .or(p.getByLabel('Sort by', { exact: true }))
      .first(),
    p.getByRole('button', { name: 'Low stock', exact: true }),
    p
      .getByRole('link', { name: 'New product' })
      .or(p.getByRole('link', { name: 'Add' }))
      .first(),
  ];
  for (const i of listTargets(page).keys()) {
    await page.goto(`/${store}/stock/list`);
    await expect(page.getByText('1 product', { exact: true })).toBeVisible();
    await listTargets(page)[i]!.focus();
    await burst(page, known);
    await expect(page).toHaveURL(new RegExp(`/stock/scan/${known}$`));
    await expect(page.getByRole('heading', { name: 'Barley tea' })).toBeVisible();

    await page.goto(`/${store}/stock/list`);
    await expect(page.getByText('1 product', { exact: true })).toBeVisible();
    const unknown = randomInStoreEan13();
    await listTargets(page)[i]!.focus();
    await burst(page, unknown);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(unknown);
    await expect(page.getByText(`No product matches “${unknown}”.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create product' })).toHaveAttribute(
      'href',
      new RegExp(`stock/new\\?code=${unknown}$`),
    );
    await expect(page).toHaveURL(new RegExp(`/${store}/stock/list$`));
  }
  expect(await products.all()).toEqual(before);

  // --- Scan page: from the Barcode field or anywhere, one lookup; the field is left empty.
  await page.goto(`/${store}/stock/scan`);
  const scanTargets = [
    page.getByRole('textbox', { name: 'Barcode' }),
    page.getByRole('button', { name: 'Look up', exact: true }),
    page.getByRole('button', { name: 'Scan with camera' }),
    page.getByRole('radio', { name: 'Look up' }),
  ];
  for (const target of scanTargets) {
    const unknown = randomInStoreEan13();
    await target.focus();
    await burst(page, unknown);
    await expect(page).toHaveURL(new RegExp(`/stock/scan/${unknown}$`));
    await expect(page.getByRole('heading', { name: 'Not in this store yet' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Barcode' })).toHaveValue('');
    await target.focus();
    await burst(page, known);
    await expect(page).toHaveURL(new RegExp(`/stock/scan/${known}$`));
    await expect(page.getByRole('heading', { name: 'Barley tea' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Barcode' })).toHaveValue('');
  }
  expect(await products.all()).toEqual(before);

  // Stock take: a scan counts one more, also when the count field itself has focus.
  await page.goto(`/${store}/stock/scan?i=true`);
  await expect(page.getByRole('heading', { name: 'Stock take' })).toBeVisible();
  await burst(page, known);
  const counted = page.getByRole('textbox', { name: 'Counted quantity of Barley tea' });
  await expect(counted).toHaveValue('1');
  await counted.focus();
  await burst(page, known);
  await expect(counted).toHaveValue('2');
  await page.getByRole('textbox', { name: 'Barcode' }).focus();
  await burst(page, known);
  await expect(counted).toHaveValue('3');
  expect(await products.all()).toEqual(before);

  // --- Home: a scan opens the product's card, whatever has focus.
  await page.goto(`/${store}`);
  await page.locator('body').focus();
  await burst(page, known);
  await expect(page).toHaveURL(new RegExp(`/stock/scan/${known}$`));
  await expect(page.getByRole('heading', { name: 'Barley tea' })).toBeVisible();
  await page.goto(`/${store}`);
  await page.getByRole('main').getByRole('link').first().focus();
  const unknown = randomInStoreEan13();
  await burst(page, unknown);
  await expect(page).toHaveURL(new RegExp(`/stock/scan/${unknown}$`));
  await expect(page.getByRole('heading', { name: 'Not in this store yet' })).toBeVisible();

  // Nothing was created or renamed, and unknown codes were answers, not console errors.
  expect(await products.all()).toEqual(before);
  expect(errors).toEqual([]);
});

test('a person typing and pressing Enter still submits the form', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'type');
  const store = owner.urlName;
  const code = randomInStoreEan13();
  await page.goto(`/${store}/stock/new`);
  const label = (name: string) => page.getByLabel(name, { exact: true });
  await label('Barcode').pressSequentially(code, { delay: 120 });
  await label('Product name').pressSequentially('Oolong', { delay: 120 });
  await label('Price').pressSequentially('3', { delay: 120 });
  await label('Price').press('Enter');
  await expect(page.getByText('Oolong created.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/stock/scan/${code}$`));
});

test('low-stock filter lists products at or below their reorder level', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'low');
  const store = owner.urlName;
  const products = await api(page, store);
  await products.create({ code: 'LOW-1', name: 'Almond milk', price: 300, quantity: 1, reorderLevel: 4 });
  await products.create({ code: 'LOW-2', name: 'Brown rice', price: 500, quantity: 4, reorderLevel: 4 });
  await products.create({ code: 'OK-1', name: 'Cane sugar', price: 200, quantity: 9, reorderLevel: 4 });
  await products.create({ code: 'NONE-1', name: 'Dried figs', price: 700, quantity: 0 });

  // The reorder level is set on the product form (a fifth product, low from the start).
  await page.goto(`/${store}/stock/new`);
  await page.getByLabel('Barcode', { exact: true }).fill('LOW-3');
  await page.getByLabel('Product name', { exact: true }).fill('Elder syrup');
  await page.getByLabel('Price', { exact: true }).fill('6');
  await page.getByLabel('Opening quantity', { exact: true }).fill('2');
  await page.getByLabel('Reorder level', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Elder syrup created.')).toBeVisible();
  expect((await products.all()).find((p) => p.code === 'LOW-3')?.reorderLevel).toBe(10);

  await page.goto(`/${store}/stock/list`);
  await expect(page.getByText('5 products', { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Products' });
  // The badge marks low products in the full list too.
  const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  await expect(row('Almond milk').getByText('Low', { exact: true })).toBeVisible();
  await expect(row('Cane sugar').getByText('Low', { exact: true })).toHaveCount(0);
  await expect(row('Dried figs').getByText('Low', { exact: true })).toHaveCount(0);

  const filter = page.getByRole('button', { name: 'Low stock', exact: true });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/lowStock=true/);
  await expect(page.getByText('3 products', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  for (const name of ['Almond milk', 'Brown rice', 'Elder syrup']) await expect(list).toContainText(name);

  // With a search: only low products that match.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('rice');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Brown rice');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('sugar');
  await expect(page.getByText('No low-stock product matches “sugar”.')).toBeVisible();

  // The filter is in the address (the home page can link to it), and turns off again.
  await page.goto(`/${store}/stock/list?lowStock=true`);
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await filter.click();
  await expect(page).not.toHaveURL(/lowStock/);
  await expect(page.getByText('5 products', { exact: true })).toBeVisible();
});
