import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { displayChannelName, type DisplayChannelMessage, type DisplayState, type DisplayStore } from '@shopdesk/shared';

/**
 * The customer display (issue 45) as the customer sees it, fed the way the counter feeds it: the
 * second window over the BroadcastChannel (idle, mid-sale, paid), and a paired display's paid screen
 * (with the mail form) from a snapshot the test answers. Phone portrait and landscape, a tablet, a
 * desktop; light and dark; English and Japanese.
 *   SCREENSHOT_DIR=/some/folder npx playwright test -c screenshots.config.ts customer-display
 */
const VIEWPORTS = {
  portrait: { width: 390, height: 844 },
  landscape: { width: 844, height: 390 },
  tablet: { width: 1024, height: 768 },
  desktop: { width: 1280, height: 800 },
} as const;
const STORE = 'corner';

function store(lang: string): DisplayStore {
  return {
    name: lang === 'ja-JP' ? 'コーナー商店' : 'Corner Shop',
    logoUrl: '/favicon.svg',
    locale: lang as DisplayStore['locale'],
    mainCurrency: 'JPY',
    secondCurrency: 'USD',
  };
}

function sale(lang: string, phase: DisplayState['phase'], seq: number): DisplayState {
  const ja = lang === 'ja-JP';
  const names = ja
    ? ['緑茶 500ml', 'おにぎり 鮭', '国産米 (量り売り)', 'チョコレート', '牛乳 1L', '季節のフルーツサンド']
    : [
        'Green tea 500ml',
        'Rice ball, salmon',
        'Rice (by weight)',
        'Chocolate bar',
        'Milk 1L',
        'Seasonal fruit sandwich',
      ];
  const lines: DisplayState['lines'] = [
    { name: names[0]!, quantity: 2, unit: 'EACH', unitPrice: 150, discount: 0, total: 300 },
    { name: names[1]!, quantity: 1, unit: 'EACH', unitPrice: 180, discount: 0, total: 180 },
    { name: names[2]!, quantity: 1250, unit: 'KG', unitPrice: 640, discount: 0, total: 800 },
    { name: names[3]!, quantity: 3, unit: 'EACH', unitPrice: 120, discount: 60, total: 300 },
    { name: names[4]!, quantity: 1, unit: 'EACH', unitPrice: 238, discount: 0, total: 238 },
    { name: names[5]!, quantity: 1, unit: 'EACH', unitPrice: 420, discount: 0, total: 420 },
  ];
  const paid = phase === 'paid';
  return {
    seq,
    phase,
    currency: 'JPY',
    taxMode: 'INCLUSIVE',
    lines,
    itemCount: 9,
    cartDiscount: 100,
    pointsDiscount: 38,
    taxes: [
      { rate: 800, base: 1757, tax: 140 },
      { rate: 1000, base: 149, tax: 14 },
    ],
    total: 2100,
    second: { currency: 'USD', total: 1400 },
    payment: paid
      ? {
          tendered: [{ label: ja ? '現金' : 'Cash', currency: 'JPY', amount: 5000 }],
          change: { currency: 'JPY', amount: 2900 },
        }
      : null,
    points: { balance: 1240, earned: 21, redeemed: 38 },
    receipt: paid ? { code: '0123456789AB' } : null,
    customerLocale: null,
  };
}

/** Posts as the counter does: another channel object of the same name, in the same origin. */
async function post(page: Page, message: DisplayChannelMessage) {
  await page.evaluate(
    ([name, msg]) => {
      const channel = new BroadcastChannel(name);
      channel.postMessage(msg);
      channel.close();
    },
    [displayChannelName(STORE), message] as const,
  );
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

test('screenshots of the customer display', async ({ browser }) => {
  const dir = path.resolve(process.env.SCREENSHOT_DIR ?? 'screenshots-out');
  mkdirSync(dir, { recursive: true });
  const baseURL = test.info().project.use.baseURL!;
  for (const lang of ['en-US', 'ja-JP'])
    for (const colorScheme of ['light', 'dark'] as const)
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ baseURL, viewport, colorScheme, serviceWorkers: 'block' });
        const prefix = path.join(dir, `${lang}-${colorScheme}-${name}`);
        const page = await context.newPage();
        await page.goto(`/display-window/${STORE}`);
        await page.getByRole('heading', { name: /Waiting for the counter|レジの接続/ }).waitFor();
        const s = store(lang);
        await post(page, { type: 'state', store: s, state: { ...sale(lang, 'idle', 1), lines: [] } });
        await page.getByRole('heading', { name: s.name }).waitFor();
        await settle(page);
        await page.screenshot({ path: `${prefix}-idle.png` });
        await post(page, { type: 'state', store: s, state: sale(lang, 'sale', 2) });
        await page.getByTestId('display-total').waitFor();
        await page.waitForTimeout(400); // the list's smooth scroll to the newest line
        await page.screenshot({ path: `${prefix}-sale.png` });
        await post(page, { type: 'state', store: s, state: sale(lang, 'paid', 3) });
        await page.getByTestId('display-receipt-qr').waitFor();
        await page.screenshot({ path: `${prefix}-paid-window.png` });

        // A paired display: its snapshot answered here; the stream left pending (no banner).
        const token = 'T'.repeat(43);
        await page.route(`**/api/public/display/${token}`, (route) =>
          route.fulfill({ json: { store: s, state: sale(lang, 'paid', 3) } }),
        );
        await page.route(`**/api/public/display/${token}/events`, () => undefined);
        await page.goto(`/display/${token}`);
        await page.getByTestId('display-receipt-qr').waitFor();
        await page.evaluate(() => document.fonts.ready); // the stream stays open: never network-idle
        await page.screenshot({ path: `${prefix}-paid-paired.png` });

        // The stream fails: the last state stays, under a calm banner. Then the pairing is revoked.
        const lost = 'L'.repeat(43);
        await page.route(`**/api/public/display/${lost}`, (route) =>
          route.fulfill({ json: { store: s, state: sale(lang, 'sale', 4) } }),
        );
        await page.route(`**/api/public/display/${lost}/events`, (route) => route.fulfill({ status: 503, body: '' }));
        await page.goto(`/display/${lost}`);
        await page.getByRole('status').waitFor();
        await page.screenshot({ path: `${prefix}-waiting.png` });
        const gone = 'G'.repeat(43);
        await page.route(`**/api/public/display/${gone}`, (route) =>
          route.fulfill({ status: 404, json: { message: 'Not found', code: 'NOT_FOUND' } }),
        );
        await page.goto(`/display/${gone}`);
        await page.getByRole('heading', { name: /unpaired|解除/ }).waitFor();
        await page.screenshot({ path: `${prefix}-unpaired.png` });
        await context.close();
      }
});
