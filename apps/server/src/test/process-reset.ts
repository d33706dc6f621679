import { afterEach, vi } from 'vitest';

// Test files share their worker process (isolate: false in vitest.config.ts): a test that fakes
// the clock must not leave it faked for the next file.
afterEach(() => {
  vi.useRealTimers();
});
