import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describeLoad, FIRST_LOAD_BUDGET, measureFirstLoad, type FirstLoad } from '../../e2e/support/first-load.ts';
import type { Row } from './table.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function row(what: string, load: FirstLoad): Row {
  return {
    what,
    value: `${kb(load.bytes)} in ${load.requests} requests`,
    budget: `≤ ${kb(FIRST_LOAD_BUDGET.bytes)} in ≤ ${FIRST_LOAD_BUDGET.requests}`,
    baseline: '-',
    ok: load.bytes <= FIRST_LOAD_BUDGET.bytes && load.requests <= FIRST_LOAD_BUDGET.requests,
  };
}

/**
 * Issue 8 §4: the login page and home opened cold in Chromium (Debian's, as in the e2e suite) on a
 * phone-sized screen, measured as bytes received (headers included) and requests. The owner logs in
 * through the login page first, so home opens with a stored session and an empty cache.
 */
export async function firstLoadRows(
  url: string,
  owner: { email: string; password: string; urlName: string },
): Promise<Row[]> {
  const notMeasured = (why: string): Row[] =>
    ['first load, login page (cold)', 'first load, home (cold)'].map((what) => ({
      what,
      value: `not measured: ${why}`,
      budget: '-',
      baseline: '-',
      ok: null,
    }));
  const shell = await fetch(`${url}/auth`, { headers: { accept: 'text/html' } }).then((r) => r.text());
  if (!shell.includes('<div id="root">')) return notMeasured('run `npm run build` first');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return notMeasured(`no Chromium at ${executablePath} (apt install chromium)`);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const cold = { baseURL: url, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' as const };
    const visitor = await browser.newContext(cold);
    const login = await measureFirstLoad(visitor, '/auth', (page) =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    const page = await visitor.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`/${owner.urlName}$`));
    const storageState = await visitor.storageState();
    await visitor.close();

    const returning = await browser.newContext({ ...cold, storageState });
    const home = await measureFirstLoad(returning, `/${owner.urlName}`, (p) =>
      p.getByRole('heading', { level: 2 }).first().waitFor(),
    );
    await returning.close();
    if (process.env.BENCH_VERBOSE) console.log(`login: ${describeLoad(login)}\nhome: ${describeLoad(home)}`);
    return [row('first load, login page (cold)', login), row('first load, home (cold)', home)];
  } finally {
    await browser.close();
  }
}
