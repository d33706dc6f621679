import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Property tests run hundreds of cases: seconds when the CI machine runs other suites beside them.
    testTimeout: 30_000,
  },
});
