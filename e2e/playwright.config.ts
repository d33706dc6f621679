import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Two workers, each with a server and a data directory of its own (port 3310 + slot, e2e/.data/slot):
 * a worker's flows never share rate limits, mail, data or a deployed build with another's. The
 * config is evaluated again in every worker, whose TEST_PARALLEL_INDEX picks its server.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3310);
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const dataDirOf = (i: number) => path.join(here, '.data', String(i));
process.env.E2E_DATA_DIR = dataDirOf(slot);
const urlOf = (i: number) => `http://127.0.0.1:${firstPort + i}`;
export const baseURL = urlOf(slot);

// The web app every server serves, built once by the runner before the servers start (`npm test`
// builds it in a phase of its own first and sets E2E_SKIP_BUILD); a build only of what changed.
if (process.env.TEST_PARALLEL_INDEX === undefined && !process.env.E2E_SKIP_BUILD) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed', '--part', 'web'], {
    cwd: path.join(here, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
  process.env.E2E_SKIP_BUILD = '1';
}
// Pixel 7's screen at one device pixel per CSS pixel: its 2.6x cost software rendering time for
// nothing a spec checks; the specs that look at pixels (receipts, invoices) set their own scale.
const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  defaultBrowserType: 'chromium' as const,
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // A spec's tests run in order in one worker; two specs run at once. Measured on the two-core CI
  // machine, with traces kept only for retries and the phone at 1x: one worker left 40% of the CPU
  // idle (a flow waits on the server and on the page's timers), two use it.
  fullyParallel: false,
  workers,
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
    // A trace of every test (DOM snapshots at each action, a screencast) cost a fifth of each flow's
    // time; a failing test's retry records one.
    trace: 'on-first-retry',
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
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: 'node serve.mjs',
    cwd: here,
    url: `${urlOf(i)}/api/public/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(firstPort + i),
      APP_URL: urlOf(i),
      E2E_DATA_DIR: dataDirOf(i),
      // Billing's test provider (no charge, TEST MODE) and a support address, for subscription.spec.ts.
      BILLING_PROVIDER: 'demo',
      SUPPORT_EMAIL: 'support@shop.test',
    },
  })),
});
