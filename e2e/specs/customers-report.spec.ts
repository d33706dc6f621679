import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedLoyalty } from '../support/loyalty-seed.ts';
import { apiHeaders, signUpConfirmed } from '../support/pages.ts';

/** Keeps a screenshot beside the test's output (and in STATS_SHOTS_DIR when set, for review). */
async function shot(target: Page | Locator, file: string) {
  const path = test.info().outputPath(file);
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
  const sell = async (units: number) => {
    const res = await page.request.post('/api/secure/shop/transaction', {
      headers,
      data: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: 'HOJI-1', quantity: units }],
        payment: { method: 'CASH', currency: 'USD', amount: units * 100 },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { code: string }).code;
  };
  const codes = [];
  for (const units of [42, 18, 25, 9, 12, 30, 7, 3]) codes.push(await sell(units));
  const userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('shopdesk-session')!).state.loggedUser.userId as string,
  );
  seedLoyalty(store, [
    {
      code: 'M0000000001',
      name: '山田 花子',
      sales: [
        { code: codes[0]!, earned: 42, redeemed: 20 },
        { code: codes[5]!, earned: 30 },
      ],
      before: [codes[5]!],
    },
    {
      code: 'M0000000002',
      name: 'Ben Brown',
      sales: [
        { code: codes[1]!, earned: 18 },
        { code: codes[2]!, earned: 25 },
      ],
    },
    {
      code: 'M0000000003',
      name: 'Aiko Abe',
      sales: [{ code: codes[3]!, earned: 9, redeemed: 15, overdrawn: true }],
      adjust: { points: 100, note: 'Welcome gift', userId },
    },
    { code: 'M0000000004', name: 'Chie Chiba', sales: [{ code: codes[4]!, earned: 12 }] },
  ]);

  await page.goto(`/${store}/shop/statistic`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Customers', exact: true }) });
  await expect(section.getByTestId('top-customers')).toBeVisible();
  // Ben 18 + 25 = $43.00 first, then Hanako's $42.00 today (her other sale is a month back: returning).
  await expect(section.getByTestId('top-customers').locator('li').first()).toContainText('Ben Brown');
  await expect(section.getByTestId('top-customers').locator('li').first()).toContainText('$43.00');
  const groups = section.getByTestId('customer-group');
  await expect(groups.nth(0)).toContainText('3'); // new: Ben, Aiko, Chie
  await expect(groups.nth(1)).toContainText('1'); // returning: Hanako
  await expect(groups.nth(2)).toContainText('$13.00'); // the two sales without a customer
  // 42 − 20 + 30 + 18 + 25 + 9 − 15 + 100 + 12 = 201 points at $0.01.
  await expect(section.getByTestId('points-liability')).toContainText('$2.01');
  await shot(section, 'customers-phone-en.png');
  await useLanguage(page, 'ja-JP');
  await expect(section.getByRole('heading', { name: '顧客', exact: true })).toBeVisible();
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
  expect(text.split('\n')[1]).toBe('M0000000002,Ben Brown,2,43.00,0.00,43.00,NEW');

  // The exceptions report lists the redemptions, the adjustment and the overdrawn offline sale.
  await page.goto(`/${store}/shop/exceptions`);
  await expect(page.getByTestId('exception-total-POINTS_REDEEM')).toContainText('2');
  await expect(page.getByRole('row', { name: /Points adjusted/ })).toContainText('M0000000003 Aiko Abe: Welcome gift');
  await expect(page.getByRole('row', { name: /Points overdrawn offline/ })).toContainText('15 points');
  await shot(page, 'exceptions-points-desktop-en.png');
  await useLanguage(page, 'ja-JP');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('exception-total-POINTS_OVERDRAWN')).toContainText('オフラインのポイント超過利用');
  await shot(page, 'exceptions-points-phone-ja.png');
});
