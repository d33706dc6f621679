import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The screenshot run (not part of `npm test`, whose testDir is ./specs):
 *   SCREENSHOT_DIR=/some/folder npx playwright test -c screenshots.config.ts
 * Every route at 390x844 and 1280x800, in English and Japanese, light and dark, as PNGs.
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  timeout: 1_800_000,
});
