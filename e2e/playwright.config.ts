import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3310);
// A fixed path (not a random one) because the config is evaluated again in every worker.
process.env.E2E_DATA_DIR ??= path.join(here, '.data');
export const baseURL = `http://127.0.0.1:${port}`;
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, defaultBrowserType: 'chromium' as const };

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // One spec at a time. Measured on the two-core CI machine: two or three workers made every flow
  // two to four times slower (the browsers and the one server contend for the cores), for no more
  // tests a minute; and pwa-update.spec.ts deploys another build of the web app that every open page
  // would see.
  fullyParallel: false,
  workers: 1,
  // One retry tells a flaky test from a broken one: `npm test`'s summary lists a test that passed
  // only on its retry as flaky, and fails the run unless e2e/flaky-allowed.json names it.
  retries: 1,
  forbidOnly: !!process.env.CI,
  // `npm test` asks for the JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME), for its summary.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // A flow of a dozen screens takes 10-45 s on the CI machine; the limit is for a slow hour.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: phone }],
  webServer: {
    command: 'node serve.mjs',
    cwd: here,
    url: `${baseURL}/api/public/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      // Billing's test provider (no charge, TEST MODE) and a support address, for subscription.spec.ts.
      BILLING_PROVIDER: 'demo',
      SUPPORT_EMAIL: 'support@shop.test',
    },
  },
});
