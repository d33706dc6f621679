import type { BrowserContext, Page } from 'playwright-core';

/** What a phone downloads to show the login page or home, cache empty. */
export const FIRST_LOAD_BUDGET = {
  /** 250 KB, with 1 KB = 1,024 bytes (so "1.3 MB" is 1,358,376 bytes). */
  bytes: 250 * 1024,
  requests: 15,
};

/**
 * The screens a visitor who is not logged in opens first (product.md §9), each with what shows it
 * is ready. The confirmation page is measured with a link that is no longer valid: that is the
 * screen it stays on (a valid link logs in and goes on to home, measured apart). The public receipt
 * needs a sale's code, so its row is measured where one is made.
 */
export const PUBLIC_SCREENS: Array<{ name: string; path: string; ready: (page: Page) => Promise<unknown> }> = [
  { name: 'login', path: '/auth', ready: (page) => page.getByRole('button', { name: 'Log in' }).waitFor() },
  { name: 'sign-up', path: '/signUp', ready: (page) => page.getByRole('button', { name: 'Sign up' }).waitFor() },
  {
    name: 'forgot password',
    path: '/forgot-password',
    ready: (page) => page.getByRole('button', { name: 'Send code' }).waitFor(),
  },
  {
    name: 'confirm',
    path: '/confirm/no-longer-valid',
    ready: (page) => page.getByRole('heading', { name: 'This link is invalid or has expired' }).waitFor(),
  },
  { name: 'legal', path: '/legal', ready: (page) => page.getByRole('heading', { name: 'Terms of use' }).waitFor() },
  // The customer display's second window before the counter answers (issue 45): a public first load.
  {
    name: 'customer display',
    path: '/display-window/corner',
    ready: (page) => page.getByRole('heading', { name: 'Waiting for the counter…' }).waitFor(),
  },
];

export interface FirstLoad {
  /** Bytes received over the network, headers included, as the browser counts them. */
  bytes: number;
  requests: number;
  /** Each response's URL and size, to say what went over the budget. */
  responses: Array<{ url: string; bytes: number }>;
}

/**
 * Opens `path` in a new page of `context` (give it a fresh context: an empty cache, service workers
 * blocked so the measure is the page's own loading, not the worker's background precache) and sums
 * what the browser receives until `ready` holds and the network has been idle for 500 ms.
 */
export async function measureFirstLoad(
  context: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<FirstLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const load: FirstLoad = { bytes: 0, requests: 0, responses: [] };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    load.requests += 1;
    urls.set(event.requestId, event.request.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url === undefined) return;
    load.bytes += event.encodedDataLength;
    load.responses.push({ url, bytes: event.encodedDataLength });
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  await page.close();
  return load;
}

/** "7 requests, 248.1 KB" and the responses, largest first, for a failure message or a log. */
export function describeLoad(load: FirstLoad): string {
  const lines = [...load.responses]
    .sort((a, b) => b.bytes - a.bytes)
    .map((r) => `  ${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url).pathname}`);
  return [`${load.requests} requests, ${(load.bytes / 1024).toFixed(1)} KB`, ...lines].join('\n');
}
