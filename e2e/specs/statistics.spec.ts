import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/** Keeps a screenshot of the report beside the test's output (and in STATS_SHOTS_DIR when set, for review). */
async function shot(page: Page, file: string) {
  const path = test.info().outputPath(file);
  await page.screenshot({ path, fullPage: true });
  const dir = process.env.STATS_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, `${dir}/${file}`);
  }
}

test("reports: the day's sales and a refund appear in today's report", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signUpConfirmed(page, 'stats');
  const store = owner.urlName;
  const headers = await apiHeaders(page, store);

  const code = `TEA-${Date.now().toString(36)}`;
  const product = await page.request.post('/api/secure/product', {
    headers,
    data: { code, name: 'Sencha 100g', brand: 'Leafy', category: 'Tea', price: 1234, cost: 500, quantity: 20 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const sell = async (quantity: number, payment: Record<string, unknown>) => {
    const res = await page.request.post('/api/secure/shop/transaction', {
      headers,
      data: { clientId: randomUUID(), status: 'COMPLETED', lines: [{ code, quantity }], payment },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { code: string; lines: { id: string }[] };
  };
  const first = await sell(2, { method: 'CASH', currency: 'USD', amount: 3000 });
  await sell(1, { method: 'CARD', currency: 'USD', amount: 1234 });
  const refund = await page.request.post(`/api/secure/shop/transaction/${first.code}/refund`, {
    headers,
    data: { clientId: randomUUID(), lines: [{ lineId: first.lines[0]!.id, quantity: 1 }] },
  });
  expect(refund.status(), await refund.text()).toBe(201);

  // The home card leads to the report, which opens on today.
  await page.goto(`/${store}`);
  await page.getByRole('tab', { name: /^shop$/i }).click();
  await page.locator(`a[href="/${store}/shop/statistic"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/${store}/shop/statistic$`));
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  const figure = (label: string) =>
    page.getByTestId('report-totals').locator('.mantine-Paper-root', { has: page.getByText(label, { exact: true }) });
  await expect(figure('Gross sales')).toContainText('$37.02');
  await expect(figure('Refunds')).toContainText('$12.34');
  await expect(figure('Refunds')).toContainText('1 refund');
  await expect(figure('Transactions')).toContainText('2');
  // Revenue 37.02 − 12.34 = 24.68; cost (3 − 1) × 5.00 = 10.00; profit 14.68.
  await expect(figure('Profit')).toContainText('$14.68');
  await expect(page.getByRole('cell', { name: /Sencha 100g/ }).first()).toBeVisible();
  const payments = page.locator('section', { has: page.getByRole('heading', { name: 'Payments' }) });
  await expect(payments.getByRole('row', { name: /Cash/ })).toContainText('$12.34');
  await expect(payments.getByRole('row', { name: /Card/ })).toContainText('$12.34');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shot(page, 'phone-today.png');

  // The CSV holds what is shown.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text).toContain('Gross sales,37.02');
  expect(text).toContain('Refunds,12.34');
  expect(text).toContain('Sencha 100g');

  // Another period: this year, by month; then a wide screen.
  await page.getByLabel('Period').click();
  await page.getByRole('option', { name: 'This year' }).click();
  await expect(figure('Gross sales')).toContainText('$37.02');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'desktop-year.png');

  // The same report in Japanese, on a phone.
  const ja = await page.request.put('/api/secure/profile', { headers, data: { name: owner.name, locale: 'ja-JP' } });
  expect(ja.status(), await ja.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  // The app keeps the user's language in its stored session (set at login or from the profile screen).
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('shopdesk-session') ?? '{}');
    raw.state.userLocale = 'ja-JP';
    localStorage.setItem('shopdesk-session', JSON.stringify(raw));
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: '売上レポート' })).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('総売上');
  await shot(page, 'phone-ja.png');
});
