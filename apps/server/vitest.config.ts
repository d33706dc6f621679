import { defineProject } from 'vitest/config';

// API tests start the real app on 127.0.0.1 and talk HTTP to it, on SQLite and (when
// TEST_DATABASE_URL is set) on PostgreSQL, each app on its own copy of a migrated database.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The migrated databases every test app copies, made once per run (test/database-templates.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // A worker process runs file after file with the modules it has loaded: a new process per file
    // spent about as long starting and loading the app as the file's tests took. Nothing of one
    // file's app outlives it (each starts and closes its own); what a test changes in the process
    // is undone after it (spies, fake timers: src/test/process-reset.ts).
    isolate: false,
    restoreMocks: true,
    setupFiles: ['src/test/process-reset.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
