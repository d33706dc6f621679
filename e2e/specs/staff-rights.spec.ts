import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { confirmLink, waitForMail } from '../support/mailbox.ts';
import { newAccount, signUpConfirmed, type NewAccount } from '../support/pages.ts';

/**
 * A cashier of someone else's store: the navigator and home show what a cashier may open (the
 * counter, sales, shift) and not settings or reports, and a screen their role does not open says
 * which permission it needs rather than failing.
 */

const shots = process.env.STAFF_SHOTS;
async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * Makes `user` a cashier of `store` by writing the member row into the server's SQLite database,
 * as the server tests' addMember does, until invitations can add members.
 */
function addCashier(storeId: string, userId: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'shopdesk.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const at = new Date().toISOString();
    db.prepare(
      `insert into store_members (store_id, user_id, role, permissions, max_discount, created_at, updated_at)
       values (?, ?, 'CASHIER', ?, 1000, ?, ?)`,
    ).run(storeId, userId, JSON.stringify(['SELL', 'DISCOUNT', 'SHIFTS']), at, at);
  } finally {
    db.close();
  }
}

/** Signs up and confirms an owner through the API (the browser is the cashier's). */
async function ownerByApi(page: Page): Promise<{ owner: NewAccount; storeId: string }> {
  const owner = newAccount('own');
  const since = Date.now();
  const res = await page.request.post('/api/auth/signUp', {
    data: { ...owner, mainCurrency: 'USD' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = confirmLink(await waitForMail(owner.email, since)).split('/confirm/')[1]!;
  const confirmed = await page.request.get(`/api/auth/confirm/${token}`);
  expect(confirmed.status()).toBe(200);
  const { token: jwt } = (await confirmed.json()) as { token: string };
  const stores = await page.request.get('/api/secure/virtual-store', { headers: { authorization: `Bearer ${jwt}` } });
  const [store] = (await stores.json()) as { id: string }[];
  return { owner, storeId: store!.id };
}

async function openNavigator(page: Page) {
  await page.getByRole('button', { name: /Open navigator|ナビゲーターを開く/ }).click();
  return page.getByRole('navigation', { name: /^(Navigator|ナビゲーター)$/ });
}

test('a cashier sees only what they may open, and why a screen is closed to them', async ({ page }) => {
  const { owner, storeId } = await ownerByApi(page);
  await signUpConfirmed(page, 'cash');
  const me = (await (
    await page.request.get('/api/secure/login/check', {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('shopdesk-session')!).state.jwt)}`,
      },
    })
  ).json()) as { user: { userId: string } };
  addCashier(storeId, me.user.userId);

  await page.goto(`/${owner.urlName}`);
  await expect(page.getByRole('heading', { name: owner.storeName })).toBeVisible();
  // The shop tab of home: the counter and sales, no reports.
  await page.getByRole('tab', { name: 'SHOP' }).click();
  await expect(page.getByRole('heading', { name: 'Sales Management' })).toBeVisible();
  await expect(page.getByText('COUNTER', { exact: true })).toBeVisible();
  await expect(page.getByText('TRANSACTIONS', { exact: true })).toBeVisible();
  await expect(page.getByText('REPORTS', { exact: true })).toHaveCount(0);
  await shot(page, 'cashier-home-en');

  const nav = await openNavigator(page);
  await expect(nav.getByRole('link', { name: 'Point of sale' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sales history' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Shift & till' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  for (const hidden of ['Sales analytics', 'New product', 'New shipment']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await shot(page, 'cashier-navigator-en');

  // A screen the role does not open, by its address: the reason, not a screen of errors.
  await page.goto(`/${owner.urlName}/shop/statistic`);
  await expect(page.getByRole('heading', { name: 'You can’t open this screen' })).toBeVisible();
  await expect(page.getByText('You need the “Reports” permission')).toBeVisible();
  // The server says the same (403 naming the permission).
  const jwt = await page.evaluate(() => JSON.parse(localStorage.getItem('shopdesk-session')!).state.jwt as string);
  const refused = await page.request.get('/api/secure/shop/statistic/summary?from=2026-01-01&to=2026-01-31', {
    headers: { authorization: `Bearer ${jwt}`, 'x-store': owner.urlName },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { details: unknown }).details).toEqual([
    { field: 'permission', message: 'REPORTS' },
  ]);
  await shot(page, 'cashier-no-reports-en');

  // In Japanese.
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('shopdesk-session') ?? '{}');
    raw.state.userLocale = 'ja-JP';
    localStorage.setItem('shopdesk-session', JSON.stringify(raw));
  });
  await page.goto(`/${owner.urlName}/shop/statistic`);
  await expect(page.getByRole('heading', { name: 'この画面は開けません' })).toBeVisible();
  await expect(page.getByText('「レポート」の権限が必要です', { exact: false })).toBeVisible();
  await shot(page, 'cashier-no-reports-ja');
  await page.goto(`/${owner.urlName}`);
  await expect(page.getByRole('heading', { name: owner.storeName })).toBeVisible();
  await shot(page, 'cashier-home-ja');
  await openNavigator(page);
  await shot(page, 'cashier-navigator-ja');
});
