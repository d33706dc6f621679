import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace's unit and API tests (and apps:sync, in apps/mobile); Playwright
// runs separately (e2e/). Vitest's default is one file at a time on two cores (CPUs - 1); most of
// an API test's time is spent waiting (HTTP round trips, fsyncs, child processes), so twice as many
// files as cores run at once. TEST_WORKERS overrides it.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/mobile'],
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() * 2),
  },
});
