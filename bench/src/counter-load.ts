import { request } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
// A wedge scanner's burst, keys 5 ms apart with their own timestamps, as the e2e suite sends it.
import { wedgeScan } from '../../e2e/support/wedge-scan.ts';

/** The counter's two byte budgets, 1 KB = 1,024 bytes as in FIRST_LOAD_BUDGET. */
export const COUNTER_BUDGET = {
  /** JavaScript of the counter opened cold, gzip bytes. */
  scriptGzipBytes: 200 * 1024,
  /** Everything received from navigation start until the first scan's line is in the cart. */
  firstScanBytes: 300 * 1024,
};

/** What the browser received for one request so far: headers, then the body as it arrives. */
interface Received {
  url: string;
  mimeType: string;
  headers: number;
  body: number;
  finished: boolean;
}

/**
 * Records every request of `page` through the DevTools protocol from before its navigation: the
 * bytes on the wire as Chromium counts them (encodedDataLength: compressed body plus headers),
 * also of requests still running when a figure is taken.
 */
async function recordNetwork(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Received>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    // A redirect reuses the request id: its earlier hop stays counted under a key of its own.
    const earlier = byId.get(e.requestId);
    if (earlier) byId.set(`${e.requestId}#${byId.size}`, earlier);
    byId.set(e.requestId, { url: e.request.url, mimeType: '', headers: 0, body: 0, finished: false });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.mimeType = e.response.mimeType;
    r.headers = e.response.encodedDataLength;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r && !r.finished) r.body += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.finished = true;
    r.body = Math.max(0, e.encodedDataLength - r.headers);
  });
  return {
    /** Every request so far: its URL, MIME type and bytes received (headers plus body). */
    snapshot: () => [...byId.values()].map((r) => ({ ...r, bytes: r.headers + r.body })),
    detach: () => cdp.detach(),
  };
}

/** The size of a file's gzip copy as the server sends it (Node's http leaves the body compressed). */
function gzipBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export type CounterOutcome<T> = { built: false } | ({ built: true } & T);

/**
 * Waits for the counter to be usable, or for the 'coming soon' screen the route shows until the
 * counter page is built. Usable: its empty cart says to scan (a cold context has no saved cart).
 */
async function counterShown(page: Page): Promise<boolean> {
  const comingSoon = page.getByRole('heading', { name: 'Coming soon' });
  const empty = page.getByText('Scan an item to start a sale');
  await comingSoon.or(empty).first().waitFor({ timeout: 30_000 });
  return !(await comingSoon.isVisible());
}

export interface CounterScripts {
  /** The scripts' bodies as gzip files, the unit of the budget. */
  gzipBytes: number;
  /** The same scripts' bodies as Chromium received them (brotli, the server's preferred copy). */
  receivedBytes: number;
  /** Every request of the load, scripts or not. */
  requests: number;
  scripts: Array<{ url: string; gzip: number; received: number }>;
}

/**
 * The counter opened cold (give a fresh context with the stored session: empty cache, service
 * workers blocked): every script response until the counter shows and the network is idle for
 * 500 ms. Chromium asks for brotli, which the server prefers; the budget is in gzip, so each of
 * those scripts is fetched again as the server's gzip copy and that body is what counts (headers
 * left out: they are not JavaScript).
 */
export async function measureCounterScripts(
  context: BrowserContext,
  path: string,
): Promise<CounterOutcome<CounterScripts>> {
  const page = await context.newPage();
  const network = await recordNetwork(context, page);
  try {
    await page.goto(path);
    if (!(await counterShown(page))) return { built: false };
    // The product copy may still be filling in the background: what it fetches is data, not
    // script, so after 15 s the scripts are counted whether or not the network fell idle.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const received = network.snapshot();
    const scripts = await Promise.all(
      received
        .filter((r) => /javascript/.test(r.mimeType))
        .map(async (r) => ({ url: r.url, gzip: await gzipBodyBytes(r.url), received: r.body })),
    );
    return {
      built: true,
      gzipBytes: scripts.reduce((sum, s) => sum + s.gzip, 0),
      receivedBytes: scripts.reduce((sum, s) => sum + s.received, 0),
      requests: received.length,
      scripts,
    };
  } finally {
    await network.detach();
    await page.close();
  }
}

export interface FirstScan {
  /** Everything received, headers included, from navigation start until the line showed. */
  bytes: number;
  requests: number;
  responses: Array<{ url: string; bytes: number }>;
}

/**
 * The counter opened cold, then one wedge scan (the product's code typed as a scanner types it,
 * 5 ms a key, then Enter) as soon as the counter shows: bytes received from navigation start until
 * that product's line is in the cart, whatever else (a catalogue copy, say) is still loading.
 */
export async function measureFirstScan(
  context: BrowserContext,
  path: string,
  product: { code: string; name: string },
): Promise<CounterOutcome<FirstScan>> {
  const page = await context.newPage();
  const network = await recordNetwork(context, page);
  try {
    await page.goto(path);
    if (!(await counterShown(page))) return { built: false };
    await wedgeScan(page, product.code);
    await page.getByTestId('cart-line').filter({ hasText: product.name }).first().waitFor({ timeout: 30_000 });
    const received = network.snapshot();
    return {
      built: true,
      bytes: received.reduce((sum, r) => sum + r.bytes, 0),
      requests: received.length,
      responses: received.map((r) => ({ url: r.url, bytes: r.bytes })),
    };
  } finally {
    await network.detach();
    await page.close();
  }
}
