import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { sessionToken, wedgeScan } from '../support/pages.ts';
import {
  addMembers,
  deviceLanguage,
  goInApp,
  ownerDevice,
  ownerHeaders,
  sellOne,
  setPins,
  shoot,
  turnOnTill,
  unlockAs,
} from '../support/till.ts';

/*
 * A till is a device of its own (product.md §2, "Till mode"): the owner turns a desktop into the
 * store's till and is signed out of it; the till opens only the counter's screens, its members
 * prove themselves by PIN and a manager approves by PIN; the owner sees it under Tills on their
 * phone and revokes it, the till says so at its next request, and the exceptions report names it.
 */

const month = () => new Date().toISOString().slice(0, 7);

test('the owner turns a desktop into a till, A sells, the manager approves a refund, the owner revokes the till from a phone and the exceptions name it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { owner, store, codes } = await seedStore(page, 'till-device');
  const a = { id: randomUUID(), name: 'Aiko Cashier', pin: '111111' };
  const m = { id: randomUUID(), name: 'Mia Manager', pin: '333333' };
  addMembers(store, [
    { ...a, role: 'CASHIER', permissions: ['SELL', 'DISCOUNT'] },
    { ...m, role: 'MANAGER', permissions: ['SELL', 'DISCOUNT', 'REFUND'] },
  ]);
  await setPins(page, store, [a, m]);
  const ownersToken = await sessionToken(page);
  expect(ownersToken).toBeTruthy();

  // Before: the owner's menus (the profile) on this desktop.
  await page.goto(`/${store}/shop/counter`);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  await turnOnTill(page, store, codes.inStock);

  // The owner's session is gone from this device: no profile, nothing kept, and the server refuses
  // the old token.
  await expect(page.getByRole('button', { name: 'Profile' })).toHaveCount(0);
  expect(await sessionToken(page)).toBeFalsy();
  const stale = await page.request.get('/api/secure/till/device', {
    headers: { Authorization: `Bearer ${ownersToken}`, 'X-Store': store },
  });
  expect(stale.status()).toBe(401);
  const headers = await ownerHeaders(page, owner, store);

  // A typed URL of a screen the till does not open, and a reload: the locked PIN pad.
  const pad = page.getByRole('dialog', { name: 'Till locked' });
  await page.goto(`/${store}/profile/store/${store}/members`);
  await expect(pad).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members' })).toHaveCount(0);
  await page.reload();
  await expect(pad).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Members' })).toHaveCount(0);

  // Cashier A sells.
  await goInApp(page, `/${store}/shop/counter`);
  await unlockAs(page, a);
  await sellOne(page, codes.inStock);
  const list = (await (
    await page.request.get('/api/secure/shop/transaction/range/by-month', {
      headers,
      params: { month: month(), page: '0', size: '10' },
    })
  ).json()) as { content?: { code: string }[]; items?: { code: string }[] };
  const [sold] = list.content ?? list.items ?? [];
  expect(sold).toBeTruthy();
  const read = async (code: string) =>
    (await (await page.request.get(`/api/secure/shop/transaction/${code}`, { headers })).json()) as {
      userId: string;
      refunds: { userId: string; approvedBy: string | null }[];
    };
  expect((await read(sold!.code)).userId).toBe(a.id);

  // A refunds that sale: A lacks REFUND, so the manager approves with her PIN (online: a grant).
  await unlockAs(page, a);
  await goInApp(page, `/${store}/shop/list/${sold!.code}`);
  await page.getByRole('button', { name: 'Refund all that remains' }).click();
  await page
    .getByRole('dialog', { name: /^Refund .*\?$/ })
    .getByRole('button', { name: /^Refund / })
    .click();
  const approval = page.getByRole('dialog', { name: 'Approval needed' });
  await approval.getByRole('button', { name: m.name }).click();
  for (const digit of m.pin) await approval.getByRole('button', { name: digit, exact: true }).click();
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect
    .poll(async () => (await read(sold!.code)).refunds[0])
    .toEqual(expect.objectContaining({ userId: a.id, approvedBy: m.id }));

  // The owner, on a phone of their own, sees the till under Tills.
  const phone = await ownerDevice(browser, baseURL, owner);
  await phone.goto(`/${store}/profile/store/${store}/tills`);
  const card = phone.getByRole('listitem', { name: 'Till 1' });
  await expect(card).toContainText('Active');
  await expect(card).toContainText(`Made by ${owner.name}`);
  await expect(card).toContainText('Last seen');
  await shoot(phone, 'tills-en');
  await deviceLanguage(phone, 'ja-JP');
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'レジ端末' })).toBeVisible();
  await expect(phone.getByRole('listitem', { name: 'Till 1' })).toBeVisible();
  await shoot(phone, 'tills-ja');

  // The owner revokes it.
  await deviceLanguage(phone, 'en-US');
  await phone.reload();
  await card.getByRole('button', { name: 'Revoke Till 1' }).click();
  await phone
    .getByRole('dialog', { name: 'Revoke this till?' })
    .getByRole('button', { name: 'Revoke', exact: true })
    .click();
  await expect(card).toContainText('Revoked');
  await expect(card.getByRole('button', { name: 'Revoke Till 1' })).toHaveCount(0);

  // The till's next action, A's next sale, shows it was turned off (at the scan, or else at the
  // payment, whichever asks the server first); a reload too.
  await goInApp(page, `/${store}/shop/counter`);
  const off = page.getByRole('heading', { name: 'This till was turned off' });
  await wedgeScan(page, codes.inStock);
  await expect(off.or(page.getByTestId('cart-line'))).toBeVisible();
  if (!(await off.isVisible())) {
    await page.getByRole('button', { name: /^Pay / }).locator('visible=true').first().click();
    const pay = page.getByRole('dialog', { name: 'Payment' });
    await pay.getByRole('button', { name: /^Exact/ }).click();
    await pay.getByRole('button', { name: /^Take/ }).click();
  }
  await expect(off).toBeVisible();
  await expect(page.getByText('Till 1 is no longer a till of')).toBeVisible();
  await page.reload();
  await expect(off).toBeVisible();
  await shoot(page, 'revoked-en');
  await deviceLanguage(page, 'ja-JP');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'このレジはオフにされました' })).toBeVisible();
  await shoot(page, 'revoked-ja');

  // The exceptions report lists the refund with the cashier, the manager (online) and the till, on
  // the owner's phone (a list) and on a desktop (a table).
  await phone.goto(`/${store}/shop/exceptions`);
  await expectRefundRow(phone, a.name, `Approved by ${m.name} (online)`, 'Till: Till 1');
  await phone.setViewportSize({ width: 1280, height: 800 });
  await expectRefundRow(phone, a.name, m.name, 'Till 1');
  await shoot(phone, 'exceptions-en', { fullPage: true });
  await deviceLanguage(phone, 'ja-JP');
  await phone.reload();
  await expectRefundRow(phone, a.name, `承認：${m.name}（オンライン）`, 'レジ端末：Till 1');
  await shoot(phone, 'exceptions-ja', { fullPage: true });
  await phone.context().close();
});

/** The one refund row of the exceptions report, naming the cashier, the approver and the till. */
async function expectRefundRow(page: Page, ...texts: string[]) {
  let rows = page.getByTestId('exception-row').filter({ hasText: /Refund|返金/ });
  for (const text of texts) rows = rows.filter({ hasText: text });
  await expect(rows).toHaveCount(1);
}
