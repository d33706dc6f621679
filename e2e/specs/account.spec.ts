import { expect, test } from '@playwright/test';
import { confirmLink, hasResetCode, resetCode, waitForMail } from '../support/mailbox.ts';
import { chooseOption, logIn, newAccount, openProfile, signUp } from '../support/pages.ts';

test('a shop owner signs up, confirms, runs the account and logs out', async ({ page }) => {
  const owner = newAccount('a');
  const since = Date.now();
  await signUp(page, owner);

  // The confirmation link from the mail logs the owner in and opens the home dashboard.
  const mail = await waitForMail(owner.email, since);
  await page.goto(confirmLink(mail));
  await expect(page).toHaveURL(new RegExp(`/${owner.urlName}$`));
  await expect(page.getByText('Cargo Operations')).toBeVisible();
  await expect(page.getByText('CREATE CARGO')).toBeVisible();
  await expect(page.getByText('Track and edit shipments')).toBeVisible();

  // Tabs switch the home cards.
  await page.getByRole('tab', { name: 'INVENTORY' }).click();
  await expect(page.getByText('Product Management')).toBeVisible();
  await expect(page.getByText('ADD PRODUCT')).toBeVisible();
  await page.getByRole('tab', { name: 'SHOP' }).click();
  await expect(page.getByText('Sales Management')).toBeVisible();
  await expect(page.getByText('COUNTER')).toBeVisible();

  // Profile: edit the name.
  await openProfile(page);
  await page.getByRole('link', { name: /Edit profile/ }).click();
  await page.getByLabel('Name', { exact: true }).fill('Aiko Tanaka');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();

  // Back from a profile screen is browser back; back from the profile root returns home.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.urlName}/profile$`));
  await expect(page.getByText('Aiko Tanaka')).toBeVisible();

  // Stores: create a second store, make it the default and open it.
  const second = { name: 'Harbour Kiosk', urlName: `kiosk-${Date.now().toString(36)}` };
  await page.getByRole('link', { name: /Stores/ }).click();
  await page.getByRole('button', { name: 'Create store' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Store name', { exact: true }).fill(second.name);
  await dialog.getByLabel('Store URL name', { exact: true }).fill(second.urlName);
  await chooseOption(page, 'Main currency', 'JPY', '¥ (JPY) Japan');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Store ${second.name} created.`)).toBeVisible();
  await page.getByRole('button', { name: `Set ${second.name} as default` }).click();
  await expect(page.getByText(`${second.name} is now your default store.`)).toBeVisible();
  await page.getByRole('link', { name: `Open ${second.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${second.urlName}$`));
  // The tab chosen before (SHOP) stays active across screens.
  await expect(page.getByText('Sales Management')).toBeVisible();
  await expect(page.getByRole('main').getByText('Harbour Kiosk', { exact: true })).toBeVisible();

  // Change the password.
  const newPassword = 'another long secret';
  await openProfile(page);
  await page.getByRole('link', { name: /Security/ }).click();
  await page.getByLabel('Current password', { exact: true }).fill(owner.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // Log out, then log back in with the new password: home of the new default store.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await logIn(page, owner.email, owner.password);
  await expect(page.getByText(/email or password/i)).toBeVisible();
  await logIn(page, owner.email, newPassword);
  await expect(page).toHaveURL(new RegExp(`/${second.urlName}$`));

  // A logged-in user opening /auth, /signUp or /forgot-password is sent home.
  for (const path of ['/auth', '/signUp', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/${second.urlName}$`));
  }
});

test('a revoked session shows "Session expired" and lands on /auth', async ({ page, request }) => {
  const owner = newAccount('b');
  const since = Date.now();
  await signUp(page, owner);
  await page.goto(confirmLink(await waitForMail(owner.email, since)));
  await expect(page.getByText('Cargo Operations')).toBeVisible();

  // The session ends on the server (as after a logout elsewhere or a password reset).
  const jwt = await page.evaluate(() => {
    const raw = localStorage.getItem('shopdesk-session');
    return raw ? (JSON.parse(raw).state.jwt as string) : '';
  });
  expect(jwt).not.toBe('');
  const logout = await request.post('/api/secure/logout', { headers: { Authorization: `Bearer ${jwt}` } });
  expect(logout.status()).toBe(204);

  // The next request gets the 401: opening the profile (its picture, its plan) or the stores list.
  // The notice shows for a few seconds from that moment, so it is watched for from now on.
  const expired = expect(page.getByText('Session expired, please login again.')).toBeVisible({ timeout: 30_000 });
  await openProfile(page).catch(() => undefined);
  await page
    .getByRole('link', { name: /Stores/ })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expired;
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('shopdesk-session') ?? '')).not.toContain(jwt);
});

test('forgot password: code by mail, verify, reset, log in', async ({ page }) => {
  const owner = newAccount('c');
  let since = Date.now();
  await signUp(page, owner);
  await page.goto(confirmLink(await waitForMail(owner.email, since)));
  await expect(page.getByText('Cargo Operations')).toBeVisible();
  await openProfile(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  since = Date.now();
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = resetCode(await waitForMail(owner.email, since, 10_000, hasResetCode));
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  const fresh = 'a brand new password';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. Please log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await logIn(page, owner.email, fresh);
  await expect(page).toHaveURL(new RegExp(`/${owner.urlName}$`));
});

test('the app speaks Japanese when the owner picks it', async ({ page }) => {
  await page.goto('/auth');
  await chooseOption(page, 'Language', '日本語', '日本語');
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
});
