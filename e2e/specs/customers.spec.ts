import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomInStoreEan13 } from '@shopdesk/shared';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';
import { canvasPng, CustomerForm, CustomerList, CustomerPage, decode } from '../support/customers.ts';

/**
 * Customers (issue 42): the owner adds a customer, finds them by kana and by phone digits, edits
 * them, shows their member code as a QR and prints it as a Code 128 card, adjusts their points,
 * imports a CSV with one bad line (whose error shows), exports, and deletes a customer (their
 * sales stay, unlinked). With SHOTS_DIR set, the list and a customer's page at phone and desktop
 * size in English and Japanese.
 */

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function withLanguage(browser: Browser, page: Page, lang: string, viewport: { width: number; height: number }) {
  const state = await page.context().storageState();
  const context = await browser.newContext({ storageState: state, viewport, serviceWorkers: 'block' });
  await context.addInitScript((locale) => {
    const raw = localStorage.getItem('shopdesk-session');
    const stored = raw ? JSON.parse(raw) : { state: {}, version: 1 };
    stored.state.userLocale = locale;
    localStorage.setItem('shopdesk-session', JSON.stringify(stored));
  }, lang);
  return context;
}

test('customers: create, search by kana and phone, edit, QR and card, points, import, export, delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpConfirmed(page, 'cust');
  const store = owner.urlName;
  const list = new CustomerList(page, store);
  const form = new CustomerForm(page);
  const customer = new CustomerPage(page);

  // The navigator leads there (the owner has REPORTS).
  await page.goto(`/${store}/shop/customers`);
  await expect(page.getByText('No customers yet.')).toBeVisible();

  // Create: a name in kanji with its furigana in katakana, a phone typed with hyphens.
  await page.getByRole('link', { name: 'New customer' }).click();
  await form.fill({ name: '山田 太郎', kana: 'ヤマダ タロウ', phone: '090-1234-5678', email: 'taro@example.com' });
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText('山田 太郎 was added.')).toBeVisible();
  await expect(customer.heading('山田 太郎')).toBeVisible();
  const code = await customer.memberCode();
  const taroId = /\/shop\/customers\/([^/?]+)$/.exec(page.url())![1]!;
  // The QR on screen is the member code, for the customer's phone.
  expect(await customer.qrText()).toBe(code);

  // A second customer through the API, to be told apart by search.
  const headers = await apiHeaders(page, store);
  const jane = await page.request.post('/api/secure/customer', {
    headers,
    data: { name: 'Jane Smith', phone: '555-0100' },
  });
  expect(jane.status(), await jane.text()).toBe(201);

  // A sale at the counter names 山田: it joins their history, linked to the sale's page.
  const tea = { code: randomInStoreEan13(), name: 'Green tea', price: 250, quantity: 10 };
  expect((await page.request.post('/api/secure/product', { headers, data: tea })).ok()).toBe(true);
  const sold = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      customerId: taroId,
      lines: [{ code: tea.code, quantity: 1 }],
      payments: [{ method: 'CASH', currency: 'USD', amount: 1000 }],
    },
  });
  expect(sold.ok(), await sold.text()).toBe(true);
  const saleCode = ((await sold.json()) as { code: string }).code;

  // Search: hiragana finds the katakana furigana; the phone's digits (whole, or its last four) find
  // the phone however it was typed.
  await list.open();
  await expect(list.count()).toHaveText('2 customers');
  await list.search('やまだ');
  await expect(list.row('山田 太郎')).toBeVisible();
  await expect(list.row('Jane Smith')).toBeHidden();
  await expect(list.count()).toHaveText('1 customer');
  await list.search('5550100');
  await expect(list.row('Jane Smith')).toBeVisible();
  await expect(list.row('山田 太郎')).toBeHidden();
  await list.search('5678');
  await expect(list.row('山田 太郎')).toBeVisible();

  // Edit: a note, kept.
  await list.row('山田 太郎').click();
  await expect(customer.heading('山田 太郎')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit customer' })).toBeVisible();
  await form.fill({ note: 'Prefers paper receipts' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('山田 太郎 was saved.')).toBeVisible();
  await expect(page.getByText('Prefers paper receipts')).toBeVisible();
  await expect(page.getByText('$2.50').first()).toBeVisible();
  await page.getByRole('link', { name: `Sale ${saleCode}` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/list/${saleCode}$`));
  await page.goBack();
  await expect(customer.heading('山田 太郎')).toBeVisible();

  // The member card: its preview is the printed bitmap, whose Code 128 reads as the member code.
  await page.getByRole('button', { name: 'Print member card' }).click();
  const card = page.getByRole('dialog', { name: 'Member card' });
  const preview = card.getByTestId('label-preview');
  await expect(preview).toBeVisible();
  expect(decode(await canvasPng(preview), '-Sdisable', '-Scode128.enable')).toBe(code);
  await expect(card.getByRole('button', { name: 'Print with the browser' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // The owner adjusts points with a reason; the history lists it.
  await page.getByRole('button', { name: 'Adjust points' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust points' });
  await adjust.getByLabel('Points to add or take').fill('-5');
  await adjust.getByLabel('Reason', { exact: true }).fill('Welcome gift');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust.getByText('The balance is 0 points: it cannot go below 0.')).toBeVisible();
  await adjust.getByLabel('Points to add or take').fill('50');
  await expect(adjust.getByText('Balance after: 50 points.')).toBeVisible();
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust).toBeHidden();
  await expect(page.getByTestId('points-balance')).toHaveText('50');
  await expect(page.getByText('Points adjusted', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome gift')).toBeVisible();

  // Import: two good lines and one without a name or a phone, whose error names its line.
  await list.open();
  await list.csvAction('Import CSV');
  const dialog = page.getByRole('dialog', { name: 'Import customers from CSV' });
  await dialog.getByLabel('Choose CSV file').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'name,nameKana,phone,email\r\n佐藤 花子,サトウ ハナコ,080-1111-2222,hanako@example.com\r\n,,,nobody@example.com\r\nKen Ito,,070-3333-4444,\r\n',
    ),
  });
  await expect(dialog.getByText('3 rows read from customers.csv.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByText('Import finished')).toBeVisible();
  const counts = dialog.getByRole('table', { name: 'What happened to each row' });
  await expect(counts.getByRole('row', { name: /Created/ })).toContainText('2');
  await expect(counts.getByRole('row', { name: /Not imported: errors/ })).toContainText('1');
  await expect(dialog.getByRole('list', { name: 'Rows with errors' })).toContainText('Line 3');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await list.search('さとう');
  await expect(list.row('佐藤 花子')).toBeVisible();
  await list.search('');
  await expect(list.count()).toHaveText('4 customers');

  // Export: every customer, as the import reads them.
  const download = page.waitForEvent('download');
  await list.csvAction('Export CSV');
  const csv = readFileSync((await (await download).path())!, 'utf8');
  for (const name of ['山田 太郎', 'Jane Smith', '佐藤 花子', 'Ken Ito']) expect(csv).toContain(name);
  expect(csv).toContain(code);

  // The screens, looked at in both languages and sizes.
  for (const lang of ['en-US', 'ja-JP'])
    for (const [size, viewport] of Object.entries({
      phone: { width: 390, height: 844 },
      desktop: { width: 1280, height: 800 },
    })) {
      const context = await withLanguage(browser, page, lang, viewport);
      const view = await context.newPage();
      await view.goto(`/${store}/shop/customers`);
      await expect(view.getByTestId('customer-row').first()).toBeVisible();
      await shoot(view, `customers-list-${lang}-${size}`);
      await view.getByTestId('customer-row').filter({ hasText: '山田 太郎' }).click();
      await expect(view.getByTestId('member-qr')).toBeVisible();
      await expect(view.getByTestId('points-balance')).toHaveText('50');
      await shoot(view, `customers-page-${lang}-${size}`);
      await context.close();
    }

  // Delete: the confirmation says the sales stay; the customer leaves the list.
  await list.open();
  await list.row('Jane Smith').click();
  await page.getByRole('button', { name: 'Delete customer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this customer?' });
  await expect(confirm).toContainText('Their sales stay in the sales history');
  await confirm.getByRole('button', { name: 'Delete customer' }).click();
  await expect(page.getByText('Jane Smith was deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(list.count()).toHaveText('3 customers');
  await expect(list.row('Jane Smith')).toBeHidden();
});

test('loyalty settings: the owner turns points on and reads the example', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'loyal');
  const store = owner.urlName;
  await page.goto(`/${store}/profile/store`);
  await page.getByRole('link', { name: `Points programme of ${owner.storeName}` }).click();
  await expect(page.getByRole('heading', { name: 'Points programme' })).toBeVisible();
  await page.getByRole('switch', { name: 'Customers earn and use points' }).check();
  // A dollar store reads the rate as a percentage: 1% back, a point worth a cent.
  await page.getByLabel('Share of the amount paid given back as points').fill('2');
  await page.getByLabel('What one point takes off').fill('0.01');
  await expect(page.getByTestId('loyalty-example')).toHaveText(
    'A sale of $1,000.00 earns 2,000 points; 100 points take $1.00 off.',
  );
  await page.getByLabel('Points expire after months without a visit').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Points programme saved.')).toBeVisible();
  const saved = await page.request.get(`/api/secure/virtual-store/${store}/loyalty`, {
    headers: await apiHeaders(page, store),
  });
  expect(await saved.json()).toEqual({ enabled: true, earnRate: 200, pointValue: 1, minRedeem: 0, expiryMonths: 12 });
});
