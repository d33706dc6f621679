import type { Page } from 'playwright-core';
import { launch } from './first-load.ts';
import { percentile } from './load.ts';
import { call, mailTo, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

/** A member's PIN unlocks the till to a counter ready to scan (product.md §9). */
const UNLOCK_BUDGET_MS = 300;
/** Timed unlocks per row, after one untimed try that loads what the first unlock loads. */
const TRIES = Number(process.env.BENCH_TILL_TRIES ?? 20);

// Six digits: a cashier may give a discount, so may approve, and needs 6 (product.md §2, PINs).
const CASHIER = { email: 'cashier@bench.example', name: 'Bench Cashier', pin: '482613' };
const OWNER_PASSWORD = 'bench password 1';

const ROWS = ['till: PIN unlock to counter ready, online', 'till: PIN unlock to counter ready, offline'];

/**
 * Timed in the page, so Playwright's round trips stay out of the figures. Ready to scan: the
 * counter's empty cart is on the page and the PIN pad (a dialog over the counter) is gone; the
 * time is taken in the animation frame after that DOM change, the frame that paints it. Given as
 * a string: the bench runs through tsx, whose helpers would not exist in the page.
 */
const IN_PAGE = `
window.__till = (() => {
  const ready = () =>
    document.querySelector('[data-testid="cart-empty"]') !== null &&
    document.getElementById('till-locked-title') === null;
  const until = (condition) =>
    new Promise((resolve) => {
      if (condition()) return resolve();
      const observer = new MutationObserver(() => {
        if (!condition()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return {
    // The last digit tapped on the pad, then Unlock as soon as it is enabled, until ready.
    async unlock(digit) {
      const pad = document.querySelector('[role="dialog"][aria-labelledby="till-locked-title"]');
      const key = pad.querySelector('button[aria-label="' + digit + '"]');
      const submit = pad.querySelector('button[type="submit"]');
      const started = performance.now();
      key.click();
      await until(() => !submit.disabled && !submit.hasAttribute('data-disabled'));
      submit.click();
      await until(ready);
      await frame();
      return performance.now() - started;
    },
    // The baseline: a client-side navigation to the counter (no PIN), until the same ready.
    async navigate(path) {
      const started = performance.now();
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
      await until(ready);
      await frame();
      return performance.now() - started;
    },
  };
})();
`;

/**
 * A cashier invited by the owner through the mailed link (read from the outbox), who accepts with
 * a new account, and gets a PIN set by the owner; returns the cashier's user id.
 */
async function addCashier(server: BenchServer, headers: Record<string, string>, urlName: string): Promise<string> {
  await call(`${server.url}/api/secure/virtual-store/${urlName}/member/invite`, {
    method: 'POST',
    headers,
    json: { email: CASHIER.email, role: 'CASHIER' },
  });
  const mail = await mailTo(server, CASHIER.email);
  const token = mail.match(/\/invite\/([0-9a-f-]{36}\.[\w-]{22}\.[\w-]{22})/)?.[1];
  if (!token) throw new Error('no invitation link in the mail');
  const accepted = await call<{ user: { userId: string } }>(`${server.url}/api/auth/invite/${token}`, {
    method: 'POST',
    json: { name: CASHIER.name, password: OWNER_PASSWORD },
  });
  const userId = accepted.user.userId;
  await call(`${server.url}/api/secure/virtual-store/${urlName}/member/${userId}/pin`, {
    method: 'PUT',
    headers,
    json: { pin: CASHIER.pin },
  });
  return userId;
}

interface Samples {
  unlock: number[];
  baseline: number[];
}

/**
 * TRIES unlocks, each followed by the baseline (the member's own sales list, a till screen, then back
 * to the counter by a client-side navigation, as unlocked) and the Lock button; the two measured alternately, so the shared
 * machine's drift falls on both. The first round is not counted.
 */
async function measure(page: Page, urlName: string): Promise<Samples> {
  const samples: Samples = { unlock: [], baseline: [] };
  const pad = page.getByRole('dialog', { name: 'Till locked' });
  const last = CASHIER.pin.at(-1)!;
  for (let i = 0; i <= TRIES; i++) {
    await pad.waitFor();
    // Names first, then the chosen member's pad (unless it is open already).
    if (!(await pad.getByText(`PIN for ${CASHIER.name}`).isVisible()))
      await pad.getByRole('button', { name: CASHIER.name }).click();
    for (const digit of CASHIER.pin.slice(0, -1)) await pad.getByRole('button', { name: digit, exact: true }).click();
    const unlock = (await page.evaluate(`window.__till.unlock(${JSON.stringify(last)})`)) as number;
    await page.getByText(`Selling: ${CASHIER.name}`).waitFor();

    await page.evaluate(`(() => {
      history.pushState(null, '', ${JSON.stringify(`/${urlName}/shop/list`)});
      dispatchEvent(new PopStateEvent('popstate'));
    })()`);
    await page.getByTestId('cart-empty').waitFor({ state: 'detached' });
    const baseline = (await page.evaluate(
      `window.__till.navigate(${JSON.stringify(`/${urlName}/shop/counter`)})`,
    )) as number;

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    if (i === 0) continue;
    samples.unlock.push(unlock);
    samples.baseline.push(baseline);
  }
  return samples;
}

function row(what: string, samples: Samples): Row {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const unlock = sorted(samples.unlock);
  const baseline = sorted(samples.baseline);
  const p50 = percentile(unlock, 50);
  const p95 = percentile(unlock, 95);
  if (process.env.BENCH_VERBOSE) {
    const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
    console.log(
      `${what}, ms in the order taken:\n  unlock   ${list(samples.unlock)}\n  baseline ${list(samples.baseline)}`,
    );
  }
  return {
    what,
    value: `median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${unlock.length} unlocks)`,
    budget: `< ${UNLOCK_BUDGET_MS} ms`,
    baseline: `counter by navigation: median ${percentile(baseline, 50).toFixed(1)} ms, p95 ${percentile(baseline, 95).toFixed(1)} ms`,
    ok: p95 < UNLOCK_BUDGET_MS,
  };
}

/**
 * The store's owner turns a device into the store's till (the counter's Till mode… dialog: the
 * device gets a till token of its own) for a cashier with a PIN; the cashier's PIN then unlocks the counter, timed from the last digit's tap to the
 * counter ready to scan, online (the server checks the PIN) and with the browser context offline
 * after the till has loaded (the PIN checked against the verifiers the till keeps, and the member
 * token signed on the device). A tablet-sized
 * screen, as a till's; service workers as in production.
 */
export async function tillRows(server: BenchServer, headers: Record<string, string>, urlName: string): Promise<Row[]> {
  const browser = await launch(server.url);
  if (typeof browser === 'string')
    return ROWS.map((what) => ({ what, value: `not measured: ${browser}`, budget: '-', baseline: '-', ok: null }));
  try {
    await addCashier(server, headers, urlName);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: IN_PAGE });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill('owner@bench.example');
    await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`/${urlName}$`));

    await page.goto(`/${urlName}/shop/counter`);
    await page.getByTestId('cart-empty').waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Till mode…' }).click();
    // The till's name is prefilled; the owner's session on this device ends with this click.
    await page.getByRole('button', { name: 'Turn this device into a till' }).click();
    await page.getByRole('dialog', { name: 'Till locked' }).waitFor();

    const online = await measure(page, urlName);
    await context.setOffline(true);
    const offline = await measure(page, urlName);
    await context.close();
    return [row(ROWS[0]!, online), row(ROWS[1]!, offline)];
  } finally {
    await browser.close();
  }
}
