import { defineConfig } from 'vitest/config';

// One run covers every workspace's unit and API tests (and apps:sync, in apps/mobile); Playwright
// runs separately (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/mobile'],
  },
});
