import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mobile',
    environment: 'node',
    include: ['*.test.ts'],
    // apps:sync builds the whole web app: minutes on a busy CI machine, not a unit test's seconds.
    testTimeout: 15 * 60_000,
  },
});
