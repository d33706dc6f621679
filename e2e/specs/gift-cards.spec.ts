import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { confirmLink, waitForMail } from '../support/mailbox.ts';
import { apiHeaders, chooseOption, newAccount, sessionToken, signUpConfirmed } from '../support/pages.ts';

/**
 * Gift cards in the back office (issue 43): cards sold through the sale API in a yen store, then the
 * owner lists and searches them, opens one (its entries link to their sales), blocks and unblocks
 * it, adjusts its balance (refused below zero), reads the unused balances against the Payment
 * Services Act's threshold (warned from 80%), and changes the gift card settings. Screenshots of
 * the list, a card and the liability at phone and desktop size in English and Japanese go beside
 * the test's output, and to SHOTS_DIR when set.
 */

const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

async function shot(page: Page, file: string) {
  const path = test.info().outputPath(`${file}.png`);
  await page.screenshot({ path, fullPage: true });
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, `${dir}/${file}.png`);
  }
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

test('gift cards: list and search, a card page, block and unblock, adjust, unused balances, settings', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpConfirmed(page, 'gift');
  const auth = { Authorization: `Bearer ${await sessionToken(page)}` };
  const store = `yen-${owner.urlName.slice(-12)}`;
  const created = await page.request.post('/api/secure/virtual-store', {
    headers: auth,
    data: { name: 'Kyoto Crafts', urlName: store, mainCurrency: 'JPY', timezone: 'Asia/Tokyo' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const headers = { ...auth, 'X-Store': store };

  // Cards sold as the counter sells them: a gift card line paid in cash.
  const sell = async (lines: unknown[], payments: unknown[]) => {
    const res = await page.request.post('/api/secure/shop/transaction', {
      headers,
      data: { clientId: randomUUID(), status: 'COMPLETED', lines, payments },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { code: string; lines: { giftCardCode?: string | null }[] };
  };
  const sellCard = async (amount: number) => {
    const sale = await sell([{ quantity: 1, giftCard: { amount } }], [{ method: 'CASH', currency: 'JPY', amount }]);
    return { code: sale.lines[0]!.giftCardCode!, sale: sale.code };
  };
  const five = await sellCard(5000);
  const three = await sellCard(3000);
  const ten = await sellCard(10_000);
  // One card is partly spent on a pot, so its page shows a redemption linked to that sale.
  const pot = { code: `POT-${Date.now()}`, name: 'Tea pot', price: 1200, quantity: 5 };
  expect((await page.request.post('/api/secure/product', { headers, data: pot })).status()).toBe(201);
  const spend = await sell(
    [{ code: pot.code, quantity: 1 }],
    [{ method: 'STORED_VALUE', currency: 'JPY', amount: 1200, cardCode: three.code }],
  );

  // The list: every card, found by its number typed in groups, filtered by status.
  await page.goto(`/${store}/shop/gift-cards`);
  await expect(page.getByRole('heading', { name: 'Gift cards', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sv-count')).toHaveText('3 cards and credits');
  await expect(page.getByTestId('sv-row')).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search gift cards' }).fill(formatCode(five.code));
  await expect(page.getByTestId('sv-row')).toHaveCount(1);
  await expect(page.getByTestId('sv-row')).toContainText('¥5,000');
  await page.getByRole('searchbox', { name: 'Search gift cards' }).fill('');
  await expect(page.getByTestId('sv-row')).toHaveCount(3);
  await chooseOption(page, 'Status', '', 'Blocked');
  await expect(page.getByText('No card or store credit matches this search.')).toBeVisible();
  await chooseOption(page, 'Status', '', 'Any status');
  await expect(page.getByTestId('sv-row')).toHaveCount(3);

  // A card's page: balance, six-month expiry (on by default in a yen store), entries with their sales.
  await page.getByRole('button', { name: `Open card ${formatCode(three.code)}` }).click();
  await expect(page.getByTestId('sv-code')).toHaveText(formatCode(three.code));
  await expect(page.getByTestId('sv-balance')).toHaveText('¥1,800');
  await expect(page.getByTestId('sv-status')).toHaveText('Active');
  await expect(page.getByTestId('sv-entry')).toHaveCount(2);
  await expect(page.getByTestId('sv-entry').first()).toContainText('Spent');
  await expect(page.getByTestId('sv-entry').first()).toContainText('−¥1,200');
  await expect(page.getByText('No expiry')).toBeHidden();
  await page.getByRole('link', { name: `Sale ${spend.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/list/${spend.code}$`));
  await page.goBack();
  await expect(page.getByTestId('sv-code')).toBeVisible();

  // Block with a reason: refused at the counter, listed as blocked; then unblocked.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const block = page.getByRole('dialog', { name: 'Block this card?' });
  await block.getByRole('button', { name: 'Block card' }).click();
  await expect(block.getByText('Reason is required')).toBeVisible();
  await block.getByLabel('Reason').fill('Customer reported the card lost');
  await block.getByRole('button', { name: 'Block card' }).click();
  await expect(block).toBeHidden();
  await expect(page.getByTestId('sv-status')).toHaveText('Blocked');
  await expect(page.getByTestId('sv-entry').first()).toContainText('Customer reported the card lost');
  const refused = await page.request.post('/api/secure/shop/transaction', {
    headers,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: pot.code, quantity: 1 }],
      payments: [
        { method: 'STORED_VALUE', currency: 'JPY', amount: 1000, cardCode: three.code },
        { method: 'CASH', currency: 'JPY', amount: 200 },
      ],
    },
  });
  expect(refused.status()).toBe(409);
  await page.goto(`/${store}/shop/gift-cards`);
  await chooseOption(page, 'Status', '', 'Blocked');
  await expect(page.getByTestId('sv-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Open card ${formatCode(three.code)}` }).click();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  const unblock = page.getByRole('dialog', { name: 'Unblock this card?' });
  await unblock.getByLabel('Reason').fill('Found at home');
  await unblock.getByRole('button', { name: 'Unblock card' }).click();
  await expect(unblock).toBeHidden();
  await expect(page.getByTestId('sv-status')).toHaveText('Active');

  // The owner's adjustment: never below zero; with a reason, kept in the entries.
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust balance' });
  await adjust.getByText('Take off', { exact: true }).click();
  await adjust.getByLabel('Amount').fill('2000');
  await adjust.getByLabel('Reason', { exact: true }).fill('Counted twice');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust.getByText('The balance is ¥1,800: it cannot go below zero.')).toBeVisible();
  await adjust.getByLabel('Amount').fill('300');
  await expect(adjust.getByTestId('sv-adjust-after')).toHaveText('Balance after: ¥1,500');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust).toBeHidden();
  await expect(page.getByTestId('sv-balance')).toHaveText('¥1,500');
  await expect(page.getByTestId('sv-entry').first()).toContainText('Adjusted');
  await expect(page.getByTestId('sv-entry').first()).toContainText('Counted twice');
  await expect(page.getByTestId('sv-entry').first()).toContainText('−¥300');

  // Unused balances: by kind at today's end, against the ¥10,000,000 threshold.
  await page.goto(`/${store}/shop/gift-cards/liability`);
  await expect(page.getByRole('heading', { name: 'Unused balances', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sv-liability-gift')).toHaveText('¥16,500');
  await expect(page.getByTestId('sv-liability-total')).toHaveText('¥16,500');
  await expect(page.getByRole('heading', { name: 'Payment Services Act (資金決済法)' })).toBeVisible();
  // Every card so far expires six months after its sale (a yen store's default): the Act does not
  // count them, so the bar stays empty and nothing warns.
  await expect(page.getByText('Not counted: ¥16,500 on cards usable for 6 months or less.')).toBeVisible();
  await expect(page.getByTestId('sv-threshold-percent')).toHaveText('0%');

  // Settings: six-month expiry on by default for a yen store; the owner turns it off and saves
  // where the card is usable and a contact.
  await page.goto(`/${store}/profile/store`);
  await page.getByRole('link', { name: 'Gift card settings of Kyoto Crafts' }).click();
  await expect(page.getByRole('heading', { name: 'Gift cards' })).toBeVisible();
  const expire = page.getByRole('switch', { name: 'Expire new gift cards 6 months after issue' });
  await expect(expire).toBeChecked();
  await expect(page.getByText(/Payment Services Act \(資金決済法\)/)).toBeVisible();
  await expire.uncheck({ force: true });
  await page.getByLabel('Where the card can be used').fill('Kyoto Crafts, Sanjo and Gion shops');
  await page.getByLabel('Contact', { exact: true }).fill('075-123-4567');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Gift card settings saved.')).toBeVisible();
  const saved = await page.request.get(`/api/secure/virtual-store/${store}/stored-value`, {
    headers: await apiHeaders(page, store),
  });
  expect(await saved.json()).toEqual({
    expireAfterSixMonths: false,
    usableAt: 'Kyoto Crafts, Sanjo and Gion shops',
    contact: '075-123-4567',
  });

  // A corporate order of ¥8,000,000 on one card that never expires: the Act counts it, 80% of the
  // threshold, and the screen warns.
  await sellCard(8_000_000);
  await page.goto(`/${store}/shop/gift-cards/liability`);
  await expect(page.getByTestId('sv-liability-total')).toHaveText('¥8,016,500');
  await expect(page.getByText('Getting close to the threshold')).toBeVisible();
  await expect(page.getByTestId('sv-threshold-percent')).toHaveText('80%');
  await expect(page.getByText('¥8,000,000 of ¥10,000,000')).toBeVisible();

  // The report's gift cards section for today.
  await page.goto(`/${store}/shop/statistic`);
  await expect(page.getByTestId('sv-report-sold')).toContainText('Sold (4 cards)');
  await expect(page.getByTestId('sv-report-sold')).toContainText('¥8,018,000');

  // A customer's page has a store credit section; none until a refund pays into it.
  const customer = await page.request.post('/api/secure/customer', { headers, data: { name: '山田 花子' } });
  expect(customer.status(), await customer.text()).toBe(201);
  await page.goto(`/${store}/shop/customers/${((await customer.json()) as { id: string }).id}`);
  await expect(page.getByRole('heading', { name: 'Store credit' })).toBeVisible();
  await expect(page.getByText(/^No store credit\./)).toBeVisible();

  // The screens, looked at in both languages and sizes.
  for (const lang of ['en-US', 'ja-JP'])
    for (const [size, viewport] of Object.entries({
      phone: { width: 390, height: 844 },
      desktop: { width: 1280, height: 800 },
    })) {
      const context = await withLanguage(browser, page, lang, viewport);
      const view = await context.newPage();
      await view.goto(`/${store}/shop/gift-cards`);
      await expect(view.getByTestId('sv-row')).toHaveCount(4);
      await shot(view, `gift-cards-list-${lang}-${size}`);
      await view.goto(`/${store}/shop/gift-cards/${three.code}`);
      await expect(view.getByTestId('sv-entry')).toHaveCount(5);
      await shot(view, `gift-cards-card-${lang}-${size}`);
      await view.goto(`/${store}/shop/gift-cards/liability`);
      await expect(view.getByTestId('sv-liability-total')).toHaveText(/8,016,500/);
      await shot(view, `gift-cards-liability-${lang}-${size}`);
      await context.close();
    }
  expect(ten.code).not.toBe(five.code);
});

/** Makes `userId` a member of `storeId` with `permissions`, written as staff-rights.spec.ts does. */
function setMember(storeId: string, userId: string, permissions: string[]) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'shopdesk.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const at = new Date().toISOString();
    db.prepare('delete from store_members where store_id = ? and user_id = ?').run(storeId, userId);
    db.prepare(
      `insert into store_members (store_id, user_id, role, permissions, max_discount, created_at, updated_at)
       values (?, ?, 'CASHIER', ?, 1000, ?, ?)`,
    ).run(storeId, userId, JSON.stringify(permissions), at, at);
  } finally {
    db.close();
  }
}

test('gift cards by permission: REPORTS sees cards but not block or adjust; without REPORTS the screen says why', async ({
  page,
}) => {
  // The owner, through the API, sells one card in their store.
  const owner = newAccount('gown');
  const since = Date.now();
  const signedUp = await page.request.post('/api/auth/signUp', { data: { ...owner, mainCurrency: 'USD' } });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const token = confirmLink(await waitForMail(owner.email, since)).split('/confirm/')[1]!;
  const { token: ownerJwt } = (await (await page.request.get(`/api/auth/confirm/${token}`)).json()) as {
    token: string;
  };
  const ownerHeaders = { authorization: `Bearer ${ownerJwt}`, 'x-store': owner.urlName };
  const stores = await page.request.get('/api/secure/virtual-store', { headers: ownerHeaders });
  const storeId = ((await stores.json()) as { id: string }[])[0]!.id;
  const sold = await page.request.post('/api/secure/shop/transaction', {
    headers: ownerHeaders,
    data: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount: 2500 } }],
      payments: [{ method: 'CASH', currency: 'USD', amount: 2500 }],
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const code = ((await sold.json()) as { lines: { giftCardCode: string }[] }).lines[0]!.giftCardCode;

  // A member with REPORTS but not SETTINGS: the list and the card, without block or adjust.
  await signUpConfirmed(page, 'grep');
  const me = (await (
    await page.request.get('/api/secure/login/check', {
      headers: { authorization: `Bearer ${await sessionToken(page)}` },
    })
  ).json()) as { user: { userId: string } };
  setMember(storeId, me.user.userId, ['SELL', 'REPORTS']);
  await page.goto(`/${owner.urlName}/shop/gift-cards`);
  await expect(page.getByTestId('sv-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Open card ${formatCode(code)}` }).click();
  await expect(page.getByTestId('sv-balance')).toHaveText('$25.00');
  await expect(page.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toHaveCount(0);

  // A cashier without REPORTS: the screen names the permission it needs.
  setMember(storeId, me.user.userId, ['SELL']);
  await page.goto(`/${owner.urlName}/profile`);
  await page.goto(`/${owner.urlName}/shop/gift-cards`);
  await expect(page.getByRole('heading', { name: 'You can’t open this screen' })).toBeVisible();
  await expect(page.getByText('You need the “Reports” permission')).toBeVisible();
});

test('a visitor opening the gift cards goes to the login', async ({ page }) => {
  await page.goto('/corner-shop/shop/gift-cards');
  await expect(page).toHaveURL(/\/auth$/);
});
