import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, sessionToken, signUpConfirmed } from '../support/pages.ts';
import { shownWhole } from '../support/shown-whole.ts';

async function api(
  page: Page,
  request: APIRequestContext,
  method: 'POST' | 'GET',
  path: string,
  data?: object,
  store?: string,
) {
  const token = await sessionToken(page);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (store) headers['X-Store'] = store;
  const res = await request.fetch(path, { method, headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test("home: figures at a glance, a Scan card, and every section's cards open their screens", async ({
  page,
  request,
}) => {
  const owner = await signUpConfirmed(page, 'home');
  const store = owner.urlName;

  // The default tab (CARGO) keeps original.md's texts; its cards open the cargo screens.
  await expect(page.getByText('CREATE CARGO')).toBeVisible();
  await expect(page.getByText('Start a new shipment')).toBeVisible();
  await expect(page.getByRole('link', { name: /CREATE CARGO/ })).toHaveAttribute('href', `/${store}/cargo/manage/new`);
  await expect(page.getByRole('link', { name: /MANAGE CARGO/ })).toHaveAttribute('href', `/${store}/cargo/manage`);

  // Figures of an empty store.
  const figures = page.getByRole('list', { name: 'Store at a glance' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Products' })).toContainText('0');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Stock value at cost' })).toContainText('$0.00');

  // Two products, one at its reorder level: the figures follow.
  await api(page, request, 'POST', '/api/secure/product', {
    code: 'SKU-TEA',
    name: 'Sencha',
    price: 1250,
    cost: 600,
    quantity: 4,
    reorderLevel: 5,
  });
  await api(page, request, 'POST', '/api/secure/product', {
    code: 'SKU-RICE',
    name: 'Rice',
    price: 320,
    cost: 110,
    quantity: 10,
  });
  await page.reload();
  await expect(figures.getByRole('listitem').filter({ hasText: 'Products' })).toContainText('2');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Stock value at cost' })).toContainText('$35.00');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Stock value at price' })).toContainText('$82.00');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Low stock' })).toContainText('1');

  // The low-stock figure opens the product list's low-stock filter.
  await figures.getByRole('link', { name: 'Low stock' }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/stock/list\\?lowStock=true$`));
  await page.goBack();

  // SHOP's cards are built: each opens its screen.
  await page.getByRole('tab', { name: 'SHOP' }).click();
  await expect(page.getByText('Point of sale system')).toBeVisible();
  await expect(page.locator('[data-coming-soon]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /COUNTER/ })).toHaveAttribute('href', `/${store}/shop/counter`);

  // INVENTORY: a Scan card next to original.md's three, and it opens the scan screen.
  await page.getByRole('tab', { name: 'INVENTORY' }).click();
  await expect(page.getByRole('link', { name: /ADD PRODUCT/ })).toBeVisible();
  await page.getByRole('link', { name: /SCAN/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${store}/stock/scan$`));

  // The navigator leads to every built section, cargo included.
  await page.getByRole('button', { name: 'Open navigator' }).click();
  const nav = page.getByRole('navigation', { name: 'Navigator' });
  await expect(nav.getByRole('link', { name: 'New shipment' })).toHaveAttribute('href', `/${store}/cargo/manage/new`);
  await expect(nav.getByRole('link', { name: 'Point of sale' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
});

test('the store picker switches stores on a phone, keeping the section and each store its own data', async ({
  page,
  request,
}) => {
  const owner = await signUpConfirmed(page, 'pick');
  const first = owner.urlName;
  const branch = { name: 'Harbour Kiosk by the Old Fish Market', urlName: `kiosk-${Date.now().toString(36)}` };
  await api(page, request, 'POST', '/api/secure/virtual-store', { ...branch, mainCurrency: 'JPY' });
  await api(
    page,
    request,
    'POST',
    '/api/secure/product',
    { code: 'ONLY-FIRST', name: 'First store soap', price: 500 },
    first,
  );

  await page.goto(`/${first}/stock/list`);
  await expect(page.getByText('First store soap').first()).toBeVisible();

  // The header names the open store; the menu lists every store by name.
  const picker = page.getByRole('button', { name: `Store: ${owner.storeName}. Switch store` });
  await expect(picker).toBeVisible();
  await picker.click();
  await expect(page.getByRole('menuitem', { name: new RegExp(owner.storeName) })).toBeVisible();
  await page.getByRole('menuitem', { name: new RegExp(branch.name) }).click();

  // Same section in the other store, with that store's data only.
  await expect(page).toHaveURL(new RegExp(`/${branch.urlName}/stock/list$`));
  await expect(page.getByRole('button', { name: `Store: ${branch.name}. Switch store` })).toBeVisible();
  await expect(page.getByText('0 products', { exact: true })).toBeVisible();
  await expect(page.getByText('First store soap')).toHaveCount(0);
  // The long name is shown whole in the menu, not cut off.
  await page.getByRole('button', { name: `Store: ${branch.name}. Switch store` }).click();
  const item = page.getByRole('menuitem', { name: new RegExp(branch.name) });
  await expect(item.getByText(branch.name, { exact: true })).toBeVisible();
  expect(await shownWhole(item.getByText(branch.name, { exact: true }))).toBe(true);

  // And back: the first store's product is there again.
  await page.getByRole('menuitem', { name: new RegExp(owner.storeName) }).click();
  await expect(page).toHaveURL(new RegExp(`/${first}/stock/list$`));
  await expect(page.getByText('First store soap').first()).toBeVisible();

  // From a product's own screen, switching goes to the other store's list (it may not have the product).
  await page.goto(`/${first}/stock/edit/ONLY-FIRST`);
  await page.getByRole('button', { name: `Store: ${owner.storeName}. Switch store` }).click();
  await page.getByRole('menuitem', { name: new RegExp(branch.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/${branch.urlName}/stock/list$`));
});

test('delete my account: says what goes, asks the password, deletes everything, logs out', async ({
  page,
  request,
}) => {
  const owner = await signUpConfirmed(page, 'del');
  await api(page, request, 'POST', '/api/secure/product', { code: 'SKU-GONE', name: 'Soon gone', price: 100 });
  const token = await sessionToken(page);

  await page.goto(`/${owner.urlName}/profile/security`);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(`Your store ${owner.storeName}, with its settings`)).toBeVisible();
  await expect(dialog.getByText('Every product, stock count and stock history in them')).toBeVisible();
  await expect(dialog.getByText(`Your profile (${owner.email})`)).toBeVisible();

  // A wrong password deletes nothing and says so at the field.
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  const check = await request.get('/api/secure/login/check', { headers: { Authorization: `Bearer ${token}` } });
  expect(check.status()).toBe(200);

  // Keeping the account closes the dialog.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Your password').fill(owner.password);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account and its data have been deleted.')).toBeVisible();

  // The session and the login are gone.
  const after = await request.get('/api/secure/login/check', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  await logIn(page, owner.email, owner.password);
  await expect(page.getByText(/email or password/i)).toBeVisible();
});

test.describe('a Japanese browser', () => {
  test.use({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });

  test('gets the sign-up page in Japanese, with JPY and currency names in Japanese', async ({ page }) => {
    await page.goto('/signUp');
    await expect(page.getByRole('button', { name: '登録する' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'メイン通貨' })).toHaveValue('¥ (JPY) 日本');
    await page.getByRole('combobox', { name: 'メイン通貨' }).click();
    await expect(page.getByRole('option', { name: /\(USD\) アメリカ合衆国/ })).toBeVisible();
    await expect(page.getByText('米ドル')).toBeVisible();
  });
});
