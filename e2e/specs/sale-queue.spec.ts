import { expect, test, type Page } from '@playwright/test';
import { seedStore } from '../support/app-routes.ts';
import { apiHeaders, openProfile } from '../support/pages.ts';
import { readObjectStore } from '../support/indexed-db.ts';

/**
 * The offline sale queue in a real browser, without the counter: sales are put in the queue's
 * IndexedDB as the counter's submitSale leaves them, and the store shell's sync loop (Web Locks,
 * BroadcastChannel, the online event) must deliver them.
 */

interface Seed {
  code: string;
  quantity?: number;
}

/** Writes waiting sales of the logged-in user straight into the queue, then wakes the sync loop. */
async function queueSales(page: Page, store: string, sales: Seed[]): Promise<string[]> {
  // The sales are priced in the open store's currency: wait until the shell has put it in the session.
  await expect
    .poll(() =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('shopdesk-session') ?? '{}').state?.virtualStore?.mainCurrency ?? null,
      ),
    )
    .not.toBeNull();
  return page.evaluate(
    async ({ store, sales }) => {
      const session = JSON.parse(localStorage.getItem('shopdesk-session')!).state;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('shopdesk-sale-queue', 1);
        open.onupgradeneeded = () => {
          const s = open.result.createObjectStore('sales', { keyPath: 'seq', autoIncrement: true });
          s.createIndex('clientId', 'clientId', { unique: true });
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const ids: string[] = [];
      const tx = db.transaction('sales', 'readwrite');
      for (const sale of sales) {
        const clientId = crypto.randomUUID();
        ids.push(clientId);
        const lines = [{ code: sale.code, quantity: sale.quantity ?? 1 }];
        tx.objectStore('sales').add({
          clientId,
          userId: session.loggedUser.userId,
          store,
          request: {
            kind: 'create',
            body: {
              clientId,
              status: 'COMPLETED',
              lines,
              payment: { method: 'CASH', currency: session.virtualStore.mainCurrency, amount: 100_000 },
            },
          },
          preview: {
            currency: session.virtualStore.mainCurrency,
            total: 1250,
            lines: [{ name: 'Green tea 500 g', quantity: sale.quantity ?? 1 }],
          },
          queuedAt: Date.now(),
          state: 'waiting',
          attempts: 0,
          lastAttemptAt: null,
          lastProblem: null,
          refusal: null,
          leaseUntil: 0,
        });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      const channel = new BroadcastChannel('shopdesk-sale-queue');
      channel.postMessage('changed');
      channel.postMessage('wake');
      channel.close();
      return ids;
    },
    { store, sales },
  );
}

/** The queue as IndexedDB holds it now. */
async function queued(page: Page) {
  type Entry = { clientId: string; state: string; refusal: { status: number } | null };
  return (await readObjectStore<Entry>(page, 'shopdesk-sale-queue', 'sales')) ?? [];
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** The clientIds of the sales the server holds for the store. */
async function serverSales(page: Page, store: string): Promise<string[]> {
  const headers = await apiHeaders(page, store);
  const list = await page.request.get(
    `/api/secure/shop/transaction/range/by-date?from=${day(-1)}&to=${day(1)}&size=100`,
    { headers },
  );
  expect(list.status()).toBe(200);
  const codes = ((await list.json()) as { items: { code: string }[] }).items.map((i) => i.code);
  const ids: string[] = [];
  for (const code of codes) {
    const res = await page.request.get(`/api/secure/shop/transaction/${code}`, { headers });
    ids.push(((await res.json()) as { clientId: string }).clientId);
  }
  return ids;
}

test('sales queued offline reach the server exactly once, in order, from one loop across two tabs', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const { store, codes } = await seedStore(page, 'sq');
    const posts: string[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/secure/shop/transaction'))
        posts.push((r.postDataJSON() as { clientId: string }).clientId);
    });
    await page.goto(`/${store}`);
    const other = await context.newPage();
    await other.goto(`/${store}/stock/list`);
    await expect(other.getByText('Rice crackers').first()).toBeVisible();

    await context.setOffline(true);
    const ids = await queueSales(page, store, [
      { code: codes.inStock },
      { code: codes.zero },
      { code: codes.negative },
    ]);
    await page.waitForTimeout(3_000);
    expect((await queued(page)).map((e) => e.clientId)).toEqual(ids);
    expect(posts).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await queued(page)).length, { timeout: 20_000 }).toBe(0);
    expect(posts).toEqual(ids);
    expect((await serverSales(page, store)).sort()).toEqual([...ids].sort());
  } finally {
    await context.close();
  }
});

test('a refused sale stays queued with its reason while later sales sync; the queue lists it', async ({ page }) => {
  const { store, codes } = await seedStore(page, 'sr');
  await page.goto(`/${store}`);
  const [bad, good] = await queueSales(page, store, [{ code: '4900000000001' }, { code: codes.inStock, quantity: 2 }]);
  await expect
    .poll(async () => (await queued(page)).map((e) => `${e.clientId}:${e.state}`), { timeout: 20_000 })
    .toEqual([`${bad}:refused`]);
  expect((await queued(page))[0]!.refusal!.status).toBeGreaterThanOrEqual(400);
  expect(await serverSales(page, store)).toEqual([good]);

  await page.goto(`/${store}/shop/counter`);
  const indicator = page.getByTestId('sale-queue-indicator');
  await expect(indicator).toHaveText('1 sale refused');
  await indicator.click();
  const entry = page.getByTestId('sale-queue-entry');
  await expect(entry).toContainText('The server refused this sale');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/queue-shots/drawer-phone.png' });
  await entry.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard this sale?' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/queue-shots/discard-phone.png' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Close' }).click();

  // Offline, a new sale waits beside the refused one, and the indicator says both.
  await page.context().setOffline(true);
  await queueSales(page, store, [{ code: codes.zero }]);
  await expect(indicator).toHaveText('1 sale waiting to sync · 1 sale refused');
  await indicator.click();
  await expect(page.getByTestId('sale-queue-entry')).toHaveCount(2);
  await expect(page.getByText('No connection. The sales are safe here')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/queue-shots/drawer-waiting-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/queue-shots/drawer-desktop.png' });
});

test('logging out with unsynced sales warns, and keeps them on the device', async ({ page, context }) => {
  const { store, codes } = await seedStore(page, 'sl');
  await page.goto(`/${store}`);
  await openProfile(page);
  await context.setOffline(true);
  const ids = await queueSales(page, store, [{ code: codes.inStock }, { code: codes.zero }]);
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out with unsynced sales?' });
  await expect(dialog).toContainText('2 sales have not synced yet');
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/queue-shots/logout-phone.png' });
  await dialog.getByRole('button', { name: 'Log out, keep the sales' }).click();
  await expect(page).toHaveURL(/\/auth/);
  expect((await queued(page)).map((e) => e.clientId)).toEqual(ids);
});
