import { createRequire } from 'node:module';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { PUBLIC_ROUTES, seededSession, settle, storeRoutes, type AppRoute } from '../support/app-routes.ts';

/**
 * Axe finds no serious or critical violation on any route, in light and dark mode, on a phone and
 * on a desktop. The app follows the system colour scheme (Mantine 'auto'), so each scheme is the
 * browser's emulated prefers-color-scheme. WCAG 2.2 AA rules and axe's best practices run; only
 * serious and critical findings fail the test, all are listed. Visible text under 12px fails it too
 * (axe has no rule for that), and so does a button whose label is cut off.
 */
const SCHEMES = ['light', 'dark'] as const;
/**
 * axe-core's script, loaded into every page of a sweep before the app's own code (an init script):
 * an audit is then one `axe.run`, about 0.1 s. AxeBuilder injected the script again at each audit
 * and finished each in a blank page of its own, about 1 s more per screen and state; the pages here
 * have no frames, for which that is needed. The rules are axe's defaults, as AxeBuilder's were.
 */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
declare global {
  interface Window {
    axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

interface Finding {
  route: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Visible text drawn under 12px, as "font-size: text" samples. */
function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && found.length < 8; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const size = parseFloat(style.fontSize);
      if (size < 12) found.push(`${size}px: ${text.slice(0, 40)}`);
    }
    return found;
  });
}

/** Buttons whose label is cut off (a Mantine button keeps its label on one line), by their text. */
function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Button-label'))
      .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
      .slice(0, 8)
      .map((el) => `${el.scrollWidth}px in ${el.clientWidth}px: ${el.textContent?.trim().slice(0, 60)}`),
  );
}

async function audit(page: Page, route: AppRoute): Promise<Finding[]> {
  await page.goto(route.path);
  await settle(page);
  if (route.prepare) {
    await route.prepare(page);
    await settle(page);
  }
  const small = await smallText(page);
  const cut = await cutLabels(page);
  // Only violations are reported: axe then skips the details of every passing node.
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const tooSmall: Finding[] = small.length
    ? [{ route: route.name, rule: 'text-under-12px', impact: 'serious', help: 'Text is at least 12px', targets: small }]
    : [];
  const cutOff: Finding[] = cut.length
    ? [
        {
          route: route.name,
          rule: 'button-label-cut',
          impact: 'serious',
          help: 'A button shows its whole label',
          targets: cut,
        },
      ]
    : [];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route: route.name,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 8)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n')[1]?.trim()})` : ''}`),
    }))
    .concat(tooSmall, cutOff);
}

/** Pages auditing at once: one audit leaves a core idle while it waits for the network or the server. */
const PAGES = 2;

/** Audits every route in its own state, PAGES at a time, and reports the findings in route order. */
async function sweep(browser: Browser, routes: AppRoute[], options: BrowserContextOptions): Promise<Finding[]> {
  const context = await browser.newContext({
    ...options,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
  });
  await context.addInitScript({ path: AXE_SCRIPT });
  try {
    const found: Finding[][] = [];
    let next = 0;
    const auditor = async () => {
      const page = await context.newPage();
      for (let i = next++; i < routes.length; i = next++) found[i] = await audit(page, routes[i]!);
    };
    await Promise.all(Array.from({ length: PAGES }, auditor));
    return found.flat();
  } finally {
    await context.close();
  }
}

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.route}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');

test.describe('accessibility (axe)', () => {
  test.describe.configure({ timeout: 300_000 });
  let storageState: BrowserContextOptions['storageState'];
  let routes: AppRoute[] = [];

  test.beforeAll(async ({ browser }) => {
    const session = await seededSession(browser, test.info().project.use.baseURL!, 'axe');
    storageState = session.storageState;
    routes = storeRoutes(session.seeded);
  });

  for (const colorScheme of SCHEMES) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      test(`public routes, ${colorScheme}, ${device}`, async ({ browser }) => {
        const findings = await sweep(browser, PUBLIC_ROUTES, { colorScheme, viewport });
        expect(findings, report(findings)).toEqual([]);
      });

      test(`store routes, ${colorScheme}, ${device}`, async ({ browser }) => {
        const findings = await sweep(browser, routes, { colorScheme, viewport, storageState });
        expect(findings, report(findings)).toEqual([]);
      });
    }
  }

  test('the current section is highlighted in the tabs and the navigator', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      serviceWorkers: 'block',
      storageState,
      viewport: VIEWPORTS.desktop,
    });
    try {
      const page = await context.newPage();
      const list = routes.find((r) => r.name === 'stock-list')!;
      await page.goto(list.path);
      await expect(page.getByRole('tab', { name: 'INVENTORY' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('tab', { name: 'CARGO' })).not.toHaveAttribute('aria-current', 'page');
      await expect(
        page.getByRole('navigation', { name: 'Navigator' }).getByRole('link', { name: 'Products', exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await page.goto(routes.find((r) => r.name === 'cargo-list')!.path);
      await expect(page.getByRole('tab', { name: 'CARGO' })).toHaveAttribute('aria-current', 'page');
      await page.goto(routes.find((r) => r.name === 'shop-counter')!.path);
      await expect(page.getByRole('tab', { name: 'SHOP' })).toHaveAttribute('aria-current', 'page');
      // Choosing the highlighted tab off home goes back home to that section's cards.
      await page.getByRole('tab', { name: 'SHOP' }).click();
      await expect(page.getByText('Sales Management')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
