import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3310);
// A fixed path (not a random one) because the config is evaluated again in every worker.
process.env.E2E_DATA_DIR ??= path.join(here, '.data');
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
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
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, defaultBrowserType: 'chromium' },
    },
  ],
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
