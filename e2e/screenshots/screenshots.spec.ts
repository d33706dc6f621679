import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { PUBLIC_ROUTES, seededSession, settle, storeRoutes, type AppRoute } from '../support/app-routes.ts';

/** The web app's persisted session (apps/web/src/lib/session-store.ts), which holds the language. */
const SESSION_KEY = 'shopdesk-session';
const LANGUAGES = ['en-US', 'ja-JP'] as const;
const SCHEMES = ['light', 'dark'] as const;
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

test('screenshots of every route', async ({ browser }) => {
  const dir = path.resolve(process.env.SCREENSHOT_DIR ?? 'screenshots-out');
  mkdirSync(dir, { recursive: true });
  const baseURL = test.info().project.use.baseURL!;
  const { seeded, storageState } = await seededSession(browser, baseURL, 'shot');
  // SCREENSHOT_ROUTES=home,stock-list takes only those (names as in support/app-routes.ts).
  const only = process.env.SCREENSHOT_ROUTES?.split(',').map((r) => r.trim());
  const pick = (routes: AppRoute[]) => (only ? routes.filter((r) => only.includes(r.name)) : routes);
  const sets: Array<{ routes: AppRoute[]; loggedIn: boolean }> = [
    { routes: pick(PUBLIC_ROUTES), loggedIn: false },
    { routes: pick(storeRoutes(seeded)), loggedIn: true },
  ];
  let count = 0;
  for (const lang of LANGUAGES)
    for (const colorScheme of SCHEMES)
      for (const [device, viewport] of Object.entries(VIEWPORTS))
        for (const { routes, loggedIn } of sets) {
          const context = await browser.newContext({
            baseURL,
            viewport,
            colorScheme,
            serviceWorkers: 'block',
            storageState: loggedIn ? storageState : undefined,
          });
          // The app speaks the session's language (a device setting kept with the session).
          await context.addInitScript(
            ([key, locale]) => {
              const raw = localStorage.getItem(key);
              const stored = raw ? JSON.parse(raw) : { state: {}, version: 1 };
              stored.state.userLocale = locale;
              localStorage.setItem(key, JSON.stringify(stored));
            },
            [SESSION_KEY, lang] as const,
          );
          const page = await context.newPage();
          for (const route of routes) {
            await page.goto(route.path);
            await settle(page);
            if (route.prepare) {
              await route.prepare(page);
              await settle(page);
            }
            const file = path.join(dir, `${lang}-${colorScheme}-${device}-${route.name}.png`);
            await page.screenshot({ path: file, fullPage: true });
            count += 1;
          }
          await context.close();
        }
  console.log(`${count} screenshots in ${dir}`);
});
