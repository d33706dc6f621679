import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedLoyalty } from '../support/loyalty-seed.ts';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/** Keeps a screenshot beside the test's output (and in STATS_SHOTS_DIR when set, for review). */
async function shot(target: Page | Locator, file: string) {
  const path = test.info().outputPath(file);
  // A section's shot scrolls it into view: the shell's fixed header would cover its top.
  if (!('goto' in target)) await target.page().addStyleTag({ content: 'header { position: static !important; }' });
  await target.screenshot({ path, ...('goto' in target ? { fullPage: true } : {}) });
  const dir = process.env.STATS_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, `${dir}/${file}`);
  }
}

/** The app's language as the profile's picker sets it: the session's locale, then a reload. */
async function useLanguage(page: Page, locale: 'en-US' | 'ja-JP') {
  await page.evaluate((l) => {
    const session = JSON.parse(localStorage.getItem('shopdesk-session')!);
    session.state.userLocale = l;
    localStorage.setItem('shopdesk-session', JSON.stringify(session));
  }, locale);
  await page.reload();
}

test('reports: the customers section lists top customers, new and returning, the points liability; exceptions list points', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpConfirmed(page, 'custrep');
  const store = owner.urlName;
  const headers = await apiHeaders(page, store);
  const product = await page.request.post('/api/secure/product', {
    headers,
    data: { code: 'HOJI-1', name: 'Hojicha 100g', price: 100, cost: 40, quantity: 500 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('shopdesk-session')!).state.loggedUser.userId as string,
  );
  const ids = seedLoyalty(store, [
    { code: 'M0000000001', name: '山田 花子' },
    { code: 'M0000000002', name: 'Ben Brown' },
    { code: 'M0000000003', name: 'Aiko Abe', adjust: { points: 100, note: 'Welcome gift', userId } },
    { code: 'M0000000004', name: 'Chie Chiba' },
  ]);
  // The server reads the store (points now on) again once its short cache of the session lapses.
  await page.waitForTimeout(5_500);
  const sell = async (units: number, customer?: string, more: Record<string, unknown> = {}) => {
    const res = await page.request.post('/api/secure/shop/transaction', {
      headers,
      data: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: 'HOJI-1', quantity: units }],
        payment: { method: 'CASH', currency: 'USD', amount: units * 100 },
        ...(customer ? { customerId: ids[customer] } : {}),
        ...more,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { code: string; points: { earned: number; balance: number } | null };
  };
  // Hanako bought three days ago (a sale synced from a device that was offline), so she returns today.
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await sell(30, 'M0000000001', { offline: true, soldAt: threeDaysAgo }); // 30 points
  // Today she redeems 20 of them ($0.20 off $42.00): 41.80 paid, 41 points earned.
  const redeemed = await sell(42, 'M0000000001', {
    pointsRedeemed: 20,
    payment: { method: 'CASH', currency: 'USD', amount: 4180 },
  });
  expect(redeemed.points).toMatchObject({ earned: 41, balance: 51 });
  await sell(18, 'M0000000002');
  await sell(25, 'M0000000002');
  // Aiko's offline sale used 150 of her 100 points ($1.50 off $9.00): kept, flagged overdrawn; 7 earned.
  await sell(9, 'M0000000003', {
    offline: true,
    pointsRedeemed: 150,
    soldAt: new Date().toISOString(),
    payment: { method: 'CASH', currency: 'USD', amount: 750 },
  });
  await sell(12, 'M0000000004');
  await sell(7);
  await sell(3);

  await page.goto(`/${store}/shop/statistic`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Customers', exact: true }) });
  await expect(section.getByTestId('top-customers')).toBeVisible();
  // Ben 18 + 25 = $43.00 first, then Hanako's $41.80 today (her other sale is days back: returning).
  await expect(section.getByTestId('top-customers').locator('li').first()).toContainText('Ben Brown');
  await expect(section.getByTestId('top-customers').locator('li').first()).toContainText('$43.00');
  const groups = section.getByTestId('customer-group');
  await expect(groups.nth(0)).toContainText('3'); // new: Ben, Aiko, Chie
  await expect(groups.nth(1)).toContainText('1'); // returning: Hanako
  await expect(groups.nth(2)).toContainText('$10.00'); // the two sales without a customer
  // Hanako 30 − 20 + 41 = 51, Ben 18 + 25 = 43, Aiko 100 − 150 + 7 = −43, Chie 12: 63 points at $0.01.
  await expect(section.getByTestId('points-liability')).toContainText('$0.63');
  await shot(section, 'customers-phone-en.png');
  await useLanguage(page, 'ja-JP');
  await expect(page.getByRole('heading', { name: '顧客', exact: true })).toBeVisible();
  const jaSection = page.locator('section', { has: page.getByRole('heading', { name: '顧客', exact: true }) });
  await expect(jaSection.getByTestId('points-liability')).toContainText('保有ポイント');
  await shot(jaSection, 'customers-phone-ja.png');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(jaSection.getByRole('table')).toBeVisible();
  await shot(jaSection, 'customers-desktop-ja.png');
  await useLanguage(page, 'en-US');
  await expect(section.getByRole('table')).toBeVisible();
  await expect(section.getByRole('row', { name: /Ben Brown/ })).toContainText('$43.00');
  await shot(section, 'customers-desktop-en.png');

  // The CSV lists every customer, top first.
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Customers CSV' }).click();
  const text = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString('utf8');
  expect(text.split(/\r?\n/)[1]).toBe('M0000000002,Ben Brown,2,43.00,0.00,43.00,NEW');

  // The exceptions report lists the redemptions, the adjustment and the overdrawn offline sale.
  await page.goto(`/${store}/shop/exceptions`);
  await expect(page.getByTestId('exception-total-POINTS_REDEEM')).toContainText('2');
  await expect(page.getByTestId('exception-row').filter({ hasText: 'Points adjusted' })).toContainText(
    'M0000000003 Aiko Abe: Welcome gift',
  );
  await expect(page.getByTestId('exception-row').filter({ hasText: 'Points overdrawn offline' })).toContainText(
    '150 points',
  );
  await shot(page, 'exceptions-points-desktop-en.png');
  await useLanguage(page, 'ja-JP');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('exception-total-POINTS_OVERDRAWN')).toContainText('オフラインのポイント超過利用');
  await shot(page, 'exceptions-points-phone-ja.png');
});
