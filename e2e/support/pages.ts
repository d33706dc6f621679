import { expect, type Page } from '@playwright/test';

/** Page models: each flow talks to the app the way a person does, by labels and roles. */
export interface NewAccount {
  email: string;
  password: string;
  name: string;
  storeName: string;
  urlName: string;
}

export function newAccount(tag: string): NewAccount {
  const id = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    email: `${id}@example.com`,
    password: 'correct horse battery',
    name: `Owner ${tag}`,
    storeName: `Corner Shop ${tag}`,
    urlName: `shop-${id}`.toLowerCase(),
  };
}

/** Picks an option in a Mantine select by typing into it, as a person searching would. */
export async function chooseOption(page: Page, label: string, search: string, option: string | RegExp) {
  const input = page
    .getByRole('textbox', { name: label })
    .or(page.getByLabel(label, { exact: true }))
    .first();
  await input.click();
  // Searchable selects take typing; plain ones only open their list.
  if (await input.isEditable()) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

export async function signUp(page: Page, a: NewAccount) {
  await page.goto('/signUp');
  await page.getByLabel('Name', { exact: true }).fill(a.name);
  await page.getByLabel('Email', { exact: true }).fill(a.email);
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  await page.getByLabel('Store name', { exact: true }).fill(a.storeName);
  const url = page.getByLabel('Store URL name', { exact: true });
  // The URL name follows the store name until the owner edits it.
  await expect(url).toHaveValue(a.storeName.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  await url.fill(a.urlName);
  await chooseOption(page, 'Main currency', 'USD', '$ (USD) United States');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' }).first()).toBeVisible();
}

/**
 * A new owner, signed up and confirmed: logged in, at home. The sign-up goes through the API, with
 * what the form sends (USD, no second currency, this browser's locale and timezone); the owner then
 * opens the mailed confirmation link in the app, as a person does. The form itself is tested in
 * account.spec.ts (`signUp`); the other specs only need an owner, and the form took seconds each.
 */
export async function signUpConfirmed(page: Page, tag: string): Promise<NewAccount> {
  const { confirmLink, waitForMail } = await import('./mailbox.ts');
  const owner = newAccount(tag);
  const since = Date.now();
  const { locale, timezone } = await page.evaluate(() => ({
    locale: navigator.language,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }));
  const res = await page.request.post('/api/auth/signUp', {
    data: {
      email: owner.email,
      password: owner.password,
      name: owner.name,
      storeName: owner.storeName,
      urlName: owner.urlName,
      mainCurrency: 'USD',
      secondCurrency: null,
      locale: locale.startsWith('ja') ? 'ja-JP' : 'en-US',
      timezone,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(confirmLink(await waitForMail(owner.email, since)));
  await expect(page).toHaveURL(new RegExp(`/${owner.urlName}$`));
  return owner;
}

export { wedgeScan } from './wedge-scan.ts';

/** The session's bearer token, for checking results through the API as well as on screen. */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('shopdesk-session');
    return raw ? (JSON.parse(raw).state.jwt as string) : '';
  });
}

/** Headers for checking results through the API as the logged-in owner, in `store`. */
export async function apiHeaders(page: Page, store: string): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await sessionToken(page)}`, 'X-Store': store };
}

/** The import summary's counts, read from its table once the import has finished. */
export async function importCounts(page: Page) {
  const table = page.getByRole('table', { name: 'What happened to each row' });
  await expect(table).toBeVisible();
  const cell = async (label: string) =>
    Number(
      (await table.getByRole('row').filter({ hasText: label }).getByRole('cell').nth(1).innerText()).replace(/\D/g, ''),
    );
  return {
    created: await cell('Created'),
    updated: await cell('Updated'),
    unchanged: await cell('Unchanged'),
    limited: await cell('free plan limit'),
    rejected: await cell('errors'),
    read: await cell('Rows read'),
  };
}
