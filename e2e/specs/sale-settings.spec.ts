import { expect, test, type Page } from '@playwright/test';
import type { StoreExchangeRate } from '@shopdesk/shared';
import { sessionToken, signUpConfirmed } from '../support/pages.ts';

/** What the session keeps of the open store's rate (original.md §3 `exchangeRate`). */
const sessionRate = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('shopdesk-session');
    return raw ? ((JSON.parse(raw).state.exchangeRate?.rate as string | undefined) ?? null) : null;
  });

const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

test('store settings: tax mode and rate and cash rounding are kept; no rate section without a second currency', async ({
  page,
}) => {
  const owner = await signUpConfirmed(page, 'sales');

  // From the stores screen, the store's card opens its sales settings.
  await page.goto(`/${owner.urlName}/profile/store`);
  await page.getByRole('link', { name: `Sales settings of ${owner.storeName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.urlName}/profile/store/${owner.urlName}/sales$`));
  await expect(page.getByRole('heading', { name: 'Sales at the counter' })).toBeVisible();

  // A new store prices without tax and without rounding; the rate field shows only with a tax.
  await expect(page.getByRole('radio', { name: /^No tax/ })).toBeChecked();
  await expect(page.getByLabel('Tax rate')).toHaveCount(0);
  await page.getByRole('radio', { name: /^Tax is added at the counter/ }).click();
  const rate = page.getByLabel('Tax rate');
  await rate.fill('12.345');
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText('Enter a percentage from 0 to 100 with at most two decimals')).toBeVisible();
  await rate.fill('8.1');
  await page.getByRole('radio', { name: '$0.05', exact: true }).click();
  await expect(page.getByText('A cash total of $12.33 is asked as $12.35.')).toBeVisible();
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText('Sales settings saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: /^Tax is added at the counter/ })).toBeChecked();
  await expect(page.getByLabel('Tax rate')).toHaveValue('8.1');
  await expect(page.getByRole('radio', { name: '$0.05', exact: true })).toBeChecked();

  // The API holds basis points and minor units.
  const token = await sessionToken(page);
  const stored = await page.request.get('/api/secure/virtual-store/current', {
    headers: { Authorization: `Bearer ${token}`, 'X-Store': owner.urlName },
  });
  expect(await stored.json()).toMatchObject({ taxMode: 'EXCLUSIVE', defaultTaxRate: 810, cashRounding: 5 });

  // Only the main currency: no exchange rate to set, and the session holds none.
  await expect(page.getByRole('heading', { name: /Exchange rate/ })).toHaveCount(0);
  await expect(page.getByLabel(/Manual rate/)).toHaveCount(0);
  await expect(page.getByText('This store takes only its main currency')).toBeVisible();
  expect(await sessionRate(page)).toBeNull();
});

test('store settings: a manual rate wins over the imported one until it is cleared', async ({ page }) => {
  const owner = await signUpConfirmed(page, 'rate');
  const token = await sessionToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  const kiosk = { name: 'Airport Kiosk', urlName: `kiosk-${Date.now().toString(36)}` };
  const created = await page.request.post('/api/secure/virtual-store', {
    headers,
    data: { ...kiosk, mainCurrency: 'USD', secondCurrency: 'JPY', timezone: 'Asia/Tokyo' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const imported = (await (
    await page.request.get(`/api/secure/virtual-store/${kiosk.urlName}/exchange-rate`, { headers })
  ).json()) as StoreExchangeRate;
  const latest = imported.latest!;
  const shortRate = latest.rate.includes('.') ? latest.rate.replace(/0+$/, '').replace(/\.$/, '') : latest.rate;
  const latestText = `1 USD = ${shortRate} JPY`;

  // Opened in its own store, so the session's rate is this store's.
  await page.goto(`/${kiosk.urlName}/profile/store/${kiosk.urlName}/sales`);
  await expect(page.getByRole('heading', { name: 'Exchange rate USD → JPY' })).toBeVisible();
  const effective = page.getByTestId('effective-rate');
  await expect(effective).toContainText(latestText);
  await expect(page.getByTestId('latest-rate')).toContainText(longDate(latest.date));
  const stale = page.getByText("This rate is more than 7 days old: enter today's rate.");
  await expect(stale).toHaveCount(imported.stale ? 1 : 0);
  await expect.poll(() => sessionRate(page)).toBe(imported.effective!.rate);

  // Not a rate: the field says why.
  const field = page.getByLabel(/Manual rate/);
  await field.fill('150,25');
  await page.getByRole('button', { name: 'Set manual rate' }).click();
  await expect(page.getByText('Must be a rate in digits with a decimal point, such as 150.25')).toBeVisible();

  await field.fill('150.25');
  await page.getByRole('button', { name: 'Set manual rate' }).click();
  await expect(page.getByText('Manual rate set.')).toBeVisible();
  await expect(effective).toContainText('1 USD = 150.25 JPY');
  await expect(effective).toContainText('Source: manual');
  await expect(page.getByText('Example: $10.00 = ¥1,503')).toBeVisible();
  await expect(page.getByTestId('latest-rate')).toContainText(latestText);
  await expect(stale).toHaveCount(0);
  await expect.poll(() => sessionRate(page)).toBe('150.25');

  await page.reload();
  await expect(effective).toContainText('Source: manual');

  await page.getByRole('button', { name: 'Clear manual rate' }).click();
  await expect(page.getByText('Manual rate cleared')).toBeVisible();
  await expect(effective).toContainText(latestText);
  await expect(effective).toContainText(longDate(latest.date));
  await expect(page.getByRole('button', { name: 'Clear manual rate' })).toHaveCount(0);
  await expect.poll(() => sessionRate(page)).toBe(imported.effective!.rate);

  // The owner's first store has no second currency: its session rate is none.
  await page.goto(`/${owner.urlName}`);
  await expect.poll(() => sessionRate(page)).toBeNull();
});

test('store settings: a yen store sets its registration number as typed, and then computes tax once per rate', async ({
  page,
}) => {
  await signUpConfirmed(page, 'invoice');
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const shop = { name: 'Kissa Tokyo', urlName: `kissa-${Date.now().toString(36)}` };
  const created = await page.request.post('/api/secure/virtual-store', {
    headers,
    data: { ...shop, mainCurrency: 'JPY', secondCurrency: null, timezone: 'Asia/Tokyo' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto(`/${shop.urlName}/profile/store/${shop.urlName}/sales`);
  await page.getByRole('radio', { name: /^Prices include tax/ }).click();
  const number = page.getByLabel('Registration number (qualified invoice)');
  // A mistyped check digit is named, and nothing is saved.
  await number.fill('T7000012050003');
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText(/check digit does not match/)).toBeVisible();

  // As a person types it: lower-case t, spaces and a hyphen; kept normalised.
  await number.fill('t 7000-012050002');
  await expect(page.getByRole('radio', { name: /^Per line/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /^Round down/ }).click();
  await page.getByRole('button', { name: 'Save sales settings' }).click();
  await expect(page.getByText('Sales settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Registration number (qualified invoice)')).toHaveValue('T7000012050002');
  await expect(page.getByRole('radio', { name: /^Once per rate per receipt/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Round down/ })).toBeChecked();

  const stores = await (await page.request.get('/api/secure/virtual-store', { headers })).json();
  expect(stores.find((s: { urlName: string }) => s.urlName === shop.urlName)).toMatchObject({
    taxCalculation: 'PER_RATE',
    taxRounding: 'DOWN',
    taxRegistrationNumber: 'T7000012050002',
  });
});
