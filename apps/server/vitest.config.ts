import { defineProject } from 'vitest/config';

// API tests start the real app on 127.0.0.1 and talk HTTP to it, on SQLite and (when
// TEST_DATABASE_URL is set) on PostgreSQL, each file in its own database or schema.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The migrated databases every test app copies, made once per run (test/database-templates.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
