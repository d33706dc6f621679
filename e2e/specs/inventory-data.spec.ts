import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiHeaders, importCounts, signUpConfirmed } from '../support/pages.ts';
import { solidPng } from '../support/png.ts';

const PNG = solidPng(64, 48, [200, 120, 40]);

test('CSV import with a bad row, export, product photo and delete', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'csv');
  const store = owner.urlName;
  await page.goto(`/${store}/stock/list`);

  // Import: three good rows, one with a wrong check digit, reported by its line number.
  const csv = [
    'code,name,brand,category,price,cost,quantity',
    'SKU-TEA,"Sencha, loose leaf",Ocha,Drinks,12.50,6.00,4',
    'SKU-RICE,Rice crackers,Kameda,Snacks,3.20,1.10,10',
    '4006381333932,Broken barcode,,,1.00,,',
    '"SKU-SOAP","Handmade soap ""lavender""",,Household,6,,2',
  ].join('\n');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Import CSV' }).click();
  await page
    .getByLabel('Choose CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('4 rows read from products.csv.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect(page.getByText('Import finished')).toBeVisible();
  expect(await importCounts(page)).toEqual({ created: 3, updated: 0, unchanged: 0, limited: 0, rejected: 1, read: 4 });
  await expect(page.getByText(/Line 4, barcode:/)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('3 products', { exact: true })).toBeVisible();
  await expect(page.getByText('Handmade soap "lavender"').first()).toBeVisible();

  // Importing the same file again creates nothing twice.
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Import CSV' }).click();
  await page
    .getByLabel('Choose CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import 4 rows' }).click();
  expect(await importCounts(page)).toEqual({ created: 0, updated: 0, unchanged: 3, limited: 0, rejected: 1, read: 4 });
  await page.getByRole('button', { name: 'Close' }).click();

  // Export: the downloaded file carries every product with its price in the main currency.
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported.split(/\r?\n/)[0]).toMatch(/^\uFEFF?code,name,brand,category,price,cost,quantity/); // a BOM, so spreadsheets read UTF-8
  expect(exported).toContain('SKU-TEA,"Sencha, loose leaf",Ocha,Drinks,12.50,6.00,4');
  expect(exported).toContain('SKU-RICE');

  // A photo for a product: uploaded, kept by the server, shown on the form.
  await page.goto(`/${store}/stock/edit/SKU-RICE`);
  await page.getByLabel('Choose image').setInputFiles({ name: 'rice.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Product photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rice crackers saved.')).toBeVisible();
  const headers = await apiHeaders(page, store);
  const product = await (await page.request.get('/api/secure/product/code/SKU-RICE', { headers })).json();
  expect(product.imageId).toBeTruthy();
  const image = await page.request.get(`/api/secure/file/data/${store}/${product.imageId}`, { headers });
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\/(webp|jpeg|png)/);

  // Delete: confirmed, gone from the list and the API.
  await page.goto(`/${store}/stock/edit/SKU-SOAP`);
  await page.getByRole('button', { name: 'Delete product' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this product?' });
  await expect(confirm).toContainText('Handmade soap "lavender" and its stock history');
  // The safe button has focus: an Enter (a person's or a scanner's) does not delete.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Handmade soap "lavender" deleted.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${store}/stock/list$`));
  await expect(page.getByText('2 products', { exact: true })).toBeVisible();
  expect((await page.request.get('/api/secure/product/code/SKU-SOAP', { headers })).status()).toBe(404);
});
