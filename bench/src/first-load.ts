import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import {
  describeLoad,
  FIRST_LOAD_BUDGET,
  measureFirstLoad,
  PUBLIC_SCREENS,
  type FirstLoad,
} from '../../e2e/support/first-load.ts';
import { COUNTER_BUDGET, measureCounterScripts, measureFirstScan } from './counter-load.ts';
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

const notMeasured = (whats: string[], why: string): Row[] =>
  whats.map((what) => ({ what, value: `not measured: ${why}`, budget: '-', baseline: '-', ok: null }));

/** A phone-sized screen, an empty cache, service workers blocked: the page's own loading only. */
const cold = (url: string): BrowserContextOptions => ({
  baseURL: url,
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'block',
});

/** Debian's Chromium, as in the e2e suite, or why the browser rows cannot be measured. */
export async function launch(url: string): Promise<Browser | string> {
  const shell = await fetch(`${url}/auth`, { headers: { accept: 'text/html' } }).then((r) => r.text());
  if (!shell.includes('<div id="root">')) return 'run `npm run build` first';
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `no Chromium at ${executablePath} (apt install chromium)`;
  return chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'] });
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** The public screens past the login page, measured like it. */
const OTHER_PUBLIC = PUBLIC_SCREENS.filter((screen) => screen.path !== '/auth');
const FIRST_LOAD_ROWS = [
  'first load, login page (cold)',
  ...OTHER_PUBLIC.map((screen) => `first load, ${screen.name} page (cold)`),
  'first load, home (cold)',
];

/**
 * The login page and home opened cold in Chromium on a phone-sized screen, measured as bytes
 * received (headers included) and requests, and the other public screens too (sign-up, forgot
 * password, confirm, legal), each in a fresh context. The owner logs in through the login page
 * first, so home opens with a stored session and an empty cache; that session is returned for the
 * counter's rows.
 */
export async function firstLoadRows(
  url: string,
  owner: { email: string; password: string; urlName: string },
): Promise<{ rows: Row[]; session: StorageState | null }> {
  const browser = await launch(url);
  if (typeof browser === 'string') return { rows: notMeasured(FIRST_LOAD_ROWS, browser), session: null };
  try {
    const visitor = await browser.newContext(cold(url));
    const login = await measureFirstLoad(visitor, '/auth', (page) =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    const publicLoads: FirstLoad[] = [];
    for (const screen of OTHER_PUBLIC) {
      const context = await browser.newContext(cold(url));
      publicLoads.push(await measureFirstLoad(context, screen.path, screen.ready));
      await context.close();
    }
    const page = await visitor.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`/${owner.urlName}$`));
    const session = await visitor.storageState();
    await visitor.close();

    const returning = await browser.newContext({ ...cold(url), storageState: session });
    const home = await measureFirstLoad(returning, `/${owner.urlName}`, (p) =>
      p.getByRole('heading', { level: 2 }).first().waitFor(),
    );
    await returning.close();
    const loads = [login, ...publicLoads, home];
    if (process.env.BENCH_VERBOSE)
      loads.forEach((load, i) => console.log(`${FIRST_LOAD_ROWS[i]}: ${describeLoad(load)}`));
    return { rows: loads.map((load, i) => row(FIRST_LOAD_ROWS[i]!, load)), session };
  } finally {
    await browser.close();
  }
}

const COUNTER_ROWS = ['first load, counter (cold)', 'first scan, bytes transferred'];

/**
 * Against the catalogue the bench imported: the counter opened cold with a stored session — its
 * JavaScript in gzip bytes (≤ 200 KB), then, in a fresh cold context, a wedge scan of `product` as
 * soon as the counter shows — everything received until its line is in the cart (< 300 KB). Until
 * the counter page is built its route shows 'coming soon', and the rows say so.
 */
export async function counterRows(
  url: string,
  urlName: string,
  session: StorageState | null,
  product: { code: string; name: string },
): Promise<Row[]> {
  if (!session) return notMeasured(COUNTER_ROWS, 'no stored session (see the first-load rows)');
  const browser = await launch(url);
  if (typeof browser === 'string') return notMeasured(COUNTER_ROWS, browser);
  const path = `/${urlName}/shop/counter`;
  try {
    const first = await browser.newContext({ ...cold(url), storageState: session });
    const scripts = await measureCounterScripts(first, path);
    await first.close();
    if (!scripts.built) return notMeasured(COUNTER_ROWS, 'counter page not built');
    const second = await browser.newContext({ ...cold(url), storageState: session });
    const scan = await measureFirstScan(second, path, product);
    await second.close();
    if (!scan.built) return notMeasured(COUNTER_ROWS, 'counter page not built');
    if (process.env.BENCH_VERBOSE) {
      const list = (items: Array<{ url: string; bytes: number }>) =>
        [...items]
          .sort((a, b) => b.bytes - a.bytes)
          .map((r) => `  ${kb(r.bytes).padStart(9)}  ${new URL(r.url).pathname}`)
          .join('\n');
      console.log(`counter scripts (gzip):\n${list(scripts.scripts.map((s) => ({ url: s.url, bytes: s.gzip })))}`);
      console.log(`first scan (received):\n${list(scan.responses)}`);
    }
    return [
      {
        what: COUNTER_ROWS[0]!,
        value: `${kb(scripts.gzipBytes)} JS gzip in ${scripts.scripts.length} scripts (${kb(scripts.receivedBytes)} as brotli; ${scripts.requests} requests)`,
        budget: `≤ ${kb(COUNTER_BUDGET.scriptGzipBytes)} JS gzip`,
        baseline: '-',
        ok: scripts.gzipBytes <= COUNTER_BUDGET.scriptGzipBytes,
      },
      {
        what: COUNTER_ROWS[1]!,
        value: `${kb(scan.bytes)} in ${scan.requests} requests`,
        budget: `< ${kb(COUNTER_BUDGET.firstScanBytes)}`,
        baseline: '-',
        ok: scan.bytes < COUNTER_BUDGET.firstScanBytes,
      },
    ];
  } finally {
    await browser.close();
  }
}

const RECEIPT_ROW = 'first load, public receipt page (cold)';
/** The page a customer opens on their phone: aim ≤ 60 KB of JavaScript gzipped, or none. */
const RECEIPT_SCRIPT_BUDGET = 60 * 1024;

/**
 * `/receipt/{code}` opened cold by a customer who is not logged in (no session), counted as bytes
 * received and, apart, the JavaScript among them.
 */
export async function receiptRow(url: string, code: string): Promise<Row[]> {
  const browser = await launch(url);
  if (typeof browser === 'string') return notMeasured([RECEIPT_ROW], browser);
  try {
    const context = await browser.newContext(cold(url));
    const load = await measureFirstLoad(context, `/receipt/${code}`, (p) => p.getByText(code).first().waitFor());
    await context.close();
    // The page's own print button is an inline line of script; any script file it loaded counts here.
    const js = load.responses.filter((r) => /\.m?js(\?|$)/.test(r.url)).reduce((sum, r) => sum + r.bytes, 0);
    if (process.env.BENCH_VERBOSE) console.log(`receipt: ${describeLoad(load)}`);
    return [
      {
        what: RECEIPT_ROW,
        value: `${kb(load.bytes)} in ${load.requests} requests, ${kb(js)} of it JavaScript`,
        // A public screen (product.md §9), so the first-load budget holds for it too.
        budget: `≤ ${kb(FIRST_LOAD_BUDGET.bytes)} in ≤ ${FIRST_LOAD_BUDGET.requests}, ≤ ${kb(RECEIPT_SCRIPT_BUDGET)} JS`,
        baseline: '-',
        ok:
          js <= RECEIPT_SCRIPT_BUDGET &&
          load.bytes <= FIRST_LOAD_BUDGET.bytes &&
          load.requests <= FIRST_LOAD_BUDGET.requests,
      },
    ];
  } finally {
    await browser.close();
  }
}
