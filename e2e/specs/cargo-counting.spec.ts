import { expect, test, type Browser, type Page } from '@playwright/test';
import { seededSession, type SeededStore } from '../support/app-routes.ts';
import { wedgeScan } from '../support/pages.ts';

/**
 * Counting a cargo: two phones counting one cargo see each other's counts within seconds, and the
 * receiver of a handed-over cargo counts it by scanning, with the confirmation of a QR hand-over
 * naming the cargo and its sender and the arrival time in the store's time zone.
 */

type Session = Awaited<ReturnType<typeof seededSession>>;

const shots = process.env.CARGO_SHOTS;
/** With CARGO_SHOTS set, the screen at phone size and at desktop size. */
async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function phone(browser: Browser, session: Session, timezoneId?: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: session.storageState,
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(timezoneId ? { timezoneId } : {}),
  });
  return { context, page: await context.newPage() };
}

/** The session's bearer token and the store header, for the API. */
function headersOf(session: Session, store: string) {
  const origin = session.storageState.origins[0];
  const raw = origin?.localStorage.find((e) => e.name === 'shopdesk-session')?.value ?? '{}';
  return { Authorization: `Bearer ${JSON.parse(raw).state.jwt as string}`, 'X-Store': store };
}

async function newCargo(page: Page, session: Session, seeded: SeededStore, contents: object[]) {
  const res = await page.request.post('/api/secure/cargo/new', {
    headers: headersOf(session, seeded.store),
    data: { name: 'Morning delivery', origin: 'Osaka', contents },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { code: string };
}

const saveState = (page: Page) => page.getByTestId('cargo-save-state');

test('cargo: two phones counting one cargo see each other’s counts within seconds', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const session = await seededSession(browser, info.project.use.baseURL!, 'livecount');
  const { seeded } = session;
  const one = await phone(browser, session);
  const two = await phone(browser, session);
  try {
    const cargo = await newCargo(one.page, session, seeded, [
      { code: seeded.codes.inStock, name: 'Green tea 500 g', quantity: 5, price: 1250 },
    ]);
    const editor = `/${seeded.store}/cargo/manage/new/${cargo.code}?edit=true`;
    const tea = (page: Page) => page.getByRole('textbox', { name: 'Quantity of Green tea 500 g' });
    await one.page.goto(editor);
    await two.page.goto(editor);
    await expect(tea(one.page)).toHaveValue('5');
    await expect(tea(two.page)).toHaveValue('5');

    // Phone 2 counts two more: phone 1 shows them without anyone touching it.
    await two.page.getByRole('button', { name: 'Add one Green tea 500 g' }).click();
    await two.page.getByRole('button', { name: 'Add one Green tea 500 g' }).click();
    await expect(saveState(two.page)).toHaveText('All changes saved');
    await expect(tea(one.page)).toHaveValue('7', { timeout: 8_000 });

    // Phone 1 scans a product the cargo does not hold yet: phone 2 gets the new line and the totals.
    await wedgeScan(one.page, seeded.codes.zero);
    await expect(one.page.getByRole('textbox', { name: 'Quantity of Rice crackers' })).toHaveValue('1');
    await expect(two.page.getByRole('textbox', { name: 'Quantity of Rice crackers' })).toHaveValue('1', {
      timeout: 8_000,
    });
    await expect(two.page.getByText('2 items · 8 pieces')).toBeVisible({ timeout: 8_000 });

    // A count phone 1 has not saved yet (autosave off) is kept when phone 2's count arrives.
    await one.page.getByRole('switch', { name: 'Save as I count' }).click();
    await one.page.getByRole('button', { name: 'Add one Green tea 500 g' }).click();
    await expect(saveState(one.page)).toHaveText(/not saved/i);
    await two.page.getByRole('button', { name: 'Add one Green tea 500 g' }).click();
    await expect(saveState(two.page)).toHaveText('All changes saved');
    // Server 8 (7 + phone 2's one) plus phone 1's unsaved one.
    await expect(tea(one.page)).toHaveValue('9', { timeout: 8_000 });
    await one.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(saveState(one.page)).toHaveText('All changes saved');
    await expect(tea(two.page)).toHaveValue('9', { timeout: 8_000 });
    const contents = await (
      await one.page.request.get(`/api/secure/cargo/code/${cargo.code}/contents`, {
        headers: headersOf(session, seeded.store),
      })
    ).json();
    expect(contents.map((c: { name: string; quantity: number }) => [c.name, c.quantity]).sort()).toEqual([
      ['Green tea 500 g', 9],
      ['Rice crackers', 1],
    ]);
  } finally {
    await one.context.close();
    await two.context.close();
  }
});

test('cargo: a cargo received by QR (its confirmation names it) is counted by scanning; arrival shows in the store’s time', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const session = await seededSession(browser, info.project.use.baseURL!, 'scancount');
  const { seeded } = session;
  // The phone is set to Los Angeles; the receiving store is in Tokyo.
  const { context, page } = await phone(browser, session, 'America/Los_Angeles');
  try {
    const cargo = await newCargo(page, session, seeded, [
      { code: seeded.codes.inStock, name: 'Green tea 500 g', quantity: 3, price: 1250 },
      { code: seeded.codes.zero, name: 'Rice crackers', quantity: 2, price: 320 },
    ]);
    const branch = `branch-${Date.now().toString(36)}`;
    const created = await page.request.post('/api/secure/virtual-store', {
      headers: headersOf(session, seeded.store),
      data: { name: 'Branch', urlName: branch, mainCurrency: 'USD', timezone: 'Asia/Tokyo' },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Handed over by QR to the branch: the confirmation names the cargo and who sends it.
    const qr = await page.request.get(`/api/secure/cargo/code/${cargo.code}/qr`, {
      headers: headersOf(session, seeded.store),
    });
    expect(qr.status(), await qr.text()).toBe(200);
    const { token } = (await qr.json()) as { token: string };
    await page.goto(`/${branch}/cargo/manage?receive=${token}`);
    const confirm = page.getByRole('dialog', { name: 'Receive this cargo?' });
    await expect(confirm.getByTestId('cargo-receive-what')).toHaveText(
      `“Morning delivery” (${cargo.code}) from ${seeded.owner.storeName}: 2 items · 5 pieces.`,
    );
    await shot(page, 'cargo-receive-confirm');
    await confirm.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${branch}/cargo/manage/[0-9A-Z]{8}$`));
    const copy = /manage\/([0-9A-Z]{8})$/.exec(page.url())![1]!;

    const counted = (name: string) => page.getByRole('textbox', { name: `Received quantity of ${name}` });
    await expect(counted('Green tea 500 g')).toHaveValue('0');
    // Three green tea and one rice cracker, each a scanner burst.
    for (let i = 0; i < 3; i++) await wedgeScan(page, seeded.codes.inStock);
    await wedgeScan(page, seeded.codes.zero);
    await expect(counted('Green tea 500 g')).toHaveValue('3');
    await expect(counted('Rice crackers')).toHaveValue('1');
    await expect(page.getByText('Sent: 2 · 1 short')).toBeVisible();
    await expect(saveState(page)).toHaveText('All changes saved');
    await shot(page, 'cargo-received-scanning');
    // A code that was not sent is said so, and nothing is counted.
    await wedgeScan(page, seeded.codes.negative);
    const notSent = page.getByRole('dialog', { name: 'Not in this cargo' });
    await expect(notSent).toContainText(`${seeded.codes.negative} was not sent in this cargo`);
    await shot(page, 'cargo-not-sent');
    await notSent.getByRole('button', { name: 'Cancel' }).click();
    await expect(notSent).toHaveCount(0);
    // Scanned again, it is counted as an extra line, named on the spot (the branch has no such product).
    await wedgeScan(page, seeded.codes.negative);
    await notSent.getByRole('button', { name: 'Add as extra item' }).click();
    const naming = page.getByRole('dialog', { name: 'New item' });
    await naming.getByLabel('Product name').fill('Handmade soap');
    await naming.getByRole('button', { name: 'Add to cargo' }).click();
    await expect(counted('Handmade soap')).toHaveValue('1');
    await expect(page.getByText('Sent: 0 · 1 over')).toBeVisible();
    const contents = await (
      await page.request.get(`/api/secure/cargo/code/${copy}/contents`, { headers: headersOf(session, branch) })
    ).json();
    expect(
      contents.map((c: { name: string; receivedQuantity: number }) => [c.name, c.receivedQuantity]).sort(),
    ).toEqual([
      ['Green tea 500 g', 3],
      ['Handmade soap', 1],
      ['Rice crackers', 1],
    ]);

    await page.getByRole('button', { name: 'Mark arrived' }).click();
    await page
      .getByRole('dialog', { name: 'Mark this cargo arrived?' })
      .getByRole('button', { name: 'Mark arrived' })
      .click();
    await expect(page.getByText(/its goods are in your stock/)).toBeVisible();
    const arrived = (await (
      await page.request.get(`/api/secure/cargo/code/${copy}`, { headers: headersOf(session, branch) })
    ).json()) as { arrivedAt: string };
    const inTokyo = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(arrived.arrivedAt));
    await expect(page.getByText(`Arrived ${inTokyo}: its goods are in your stock.`)).toBeVisible();
  } finally {
    await context.close();
  }
});
