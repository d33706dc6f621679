import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiHeaders, logIn, wedgeScan } from './pages.ts';
import { shownWhole } from './shown-whole.ts';

/*
 * Till mode's steps, shared by till.spec.ts and till-device.spec.ts. Members are written straight
 * into the server's database: inviting them is members.spec.ts's flow.
 */

export interface Member {
  id: string;
  name: string;
  pin: string;
}

export function addMembers(
  storeUrl: string,
  members: (Member & { role: 'MANAGER' | 'CASHIER'; permissions: string[]; maxDiscount?: number })[],
) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'shopdesk.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const store = db.prepare('select id from stores where url_name = ?').get(storeUrl) as { id: string };
    const at = new Date().toISOString();
    for (const m of members) {
      db.prepare(
        `insert into users (id, email, password_hash, name, locale, premium, created_at)
         values (?, ?, 'not-a-hash', ?, 'en-US', 0, ?)`,
      ).run(m.id, `${m.id}@members.test`, m.name, at);
      db.prepare(
        `insert into store_members (store_id, user_id, role, permissions, max_discount, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?)`,
      ).run(store.id, m.id, m.role, JSON.stringify(m.permissions), m.maxDiscount ?? 1000, at, at);
    }
  } finally {
    db.close();
  }
}

/** Each member sets their PIN through the API (as the owner); returns the owner's API headers. */
export async function setPins(page: Page, store: string, members: Member[]) {
  const headers = await apiHeaders(page, store);
  for (const member of members) {
    const res = await page.request.put(`/api/secure/virtual-store/${store}/member/${member.id}/pin`, {
      headers,
      data: { pin: member.pin },
    });
    expect(res.status(), await res.text()).toBe(204);
  }
  return headers;
}

/**
 * The owner turns this device into the store's till from the counter, with `code` in the cart: the
 * till is named (the name offered is "Till 1"), and the owner is signed out of this device.
 */
export async function turnOnTill(page: Page, store: string, code: string) {
  await page.goto(`/${store}/shop/counter`);
  await wedgeScan(page, code);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Till mode…' }).click();
  await expect(page.getByRole('textbox', { name: 'Name of this till' })).toHaveValue('Till 1');
  const turnOn = page.getByRole('button', { name: 'Turn this device into a till' });
  // Its whole label shows, also at phone width (a Mantine button cuts a long label off).
  expect(await shownWhole(turnOn.locator('.mantine-Button-label'))).toBe(true);
  await turnOn.click();
  await expect(page.getByRole('dialog', { name: 'Till locked' })).toBeVisible();
}

/**
 * API headers of another session of the owner: the one on the till's device ended when it became a
 * till (the till's own token reads only the counter's data).
 */
export async function ownerHeaders(page: Page, owner: { email: string; password: string }, store: string) {
  const res = await page.request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}`, 'X-Store': store };
}

/** The owner logged in on a device of their own (a new browser context), at the store's home. */
export async function ownerDevice(
  browser: Browser,
  baseURL: string | undefined,
  owner: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, owner.email, owner.password);
  await expect(page).not.toHaveURL(/\/auth/);
  return page;
}

/**
 * The device's language (the kept session's userLocale: a till, which has no person's session,
 * speaks it too), set before the app's code runs on each later load. Set from the running page, a
 * later write of the session (the store, its rate) could put the old one back before the reload.
 */
export async function deviceLanguage(page: Page, locale: 'en-US' | 'ja-JP') {
  await page.addInitScript((to) => {
    // A revoked till's session is cleared (nothing kept): the device's language is then the only
    // thing stored, in the persisted session's shape (version 1), which the app merges over its defaults.
    const kept = JSON.parse(localStorage.getItem('shopdesk-session') ?? 'null') as {
      state?: { userLocale?: string };
      version?: number;
    } | null;
    const session = kept ?? { version: 1 };
    session.state = { ...(session.state ?? {}), userLocale: to };
    localStorage.setItem('shopdesk-session', JSON.stringify(session));
  }, locale);
}

export const inJapanese = (page: Page) => deviceLanguage(page, 'ja-JP');

export async function unlockAs(page: Page, member: Member) {
  const pad = page.getByRole('dialog', { name: 'Till locked' });
  await expect(pad).toBeVisible();
  // Names first, then the pad of the one chosen (unless this member's pad is open already).
  if (!(await pad.getByText(`PIN for ${member.name}`).isVisible()))
    await pad.getByRole('button', { name: member.name }).click();
  for (const digit of member.pin) await pad.getByRole('button', { name: digit, exact: true }).click();
  const started = Date.now();
  await pad.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(`Selling: ${member.name}`)).toBeVisible();
  return Date.now() - started;
}

export async function sellOne(page: Page, code: string | null, offline = false) {
  if (code) await wedgeScan(page, code);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // The phone's pay bar or the desktop's pay button: the one shown.
  await page.getByRole('button', { name: /^Pay / }).locator('visible=true').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Exact/ }).click();
  await dialog.getByRole('button', { name: /^Take/ }).click();
  if (offline) await expect(dialog.getByText('Saved offline — will sync')).toBeVisible();
  await dialog.getByRole('button', { name: 'New sale' }).click();
}

/** Client-side navigation: the till's member lives in the page, a reload locks it. */
export async function goInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Where a screenshot to look at goes: SHOTS_DIR when given, else the test's output folder (not the repo). */
export const shotPath = (file: string) =>
  process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${file}` : test.info().outputPath(file);

/** `fullPage`: the whole screen, scrolled part too (a report whose rows are below the fold). */
export async function shoot(page: Page, name: string, { fullPage = false } = {}) {
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotPath(`till-${name}-${w}x${h}.png`), fullPage });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}
